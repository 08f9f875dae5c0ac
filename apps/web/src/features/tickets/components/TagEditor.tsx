import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type TagView, type TicketDetailView } from '@zapdesk/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../../lib/api/client';
import { ticketKeys } from '../api';

type TagRef = TicketDetailView['tags'][number];

/** The ticket's tags; every change replaces the set (POST /tags/sync) and comes back as a ticket update. */
export function TagEditor({ ticket }: { ticket: TicketDetailView }) {
  const { t } = useTranslation('tickets');
  const tags = useQuery({
    queryKey: ['tags', 'all'],
    queryFn: ({ signal }) =>
      callRoute<typeof routes.tags.listAll, TagView[]>(routes.tags.listAll, { signal }),
  });
  const queryClient = useQueryClient();
  const sync = useMutation({
    mutationFn: (chosen: TagRef[]) =>
      callRoute(routes.ticketTags.sync, {
        body: { ticketId: ticket.id, tags: chosen.map((tag) => ({ id: tag.id })) },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticket.uuid) }),
  });
  const options: TagRef[] = (tags.data ?? []).map(({ id, name, color }) => ({ id, name, color }));
  return (
    <Box sx={{ px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }} data-testid="tag-editor">
      <Autocomplete
        multiple
        size="small"
        options={options}
        value={ticket.tags}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_e, value) => sync.mutate(value)}
        disabled={sync.isPending}
        renderValue={(value, getItemProps) =>
          value.map((tag, index) => {
            const { key, ...props } = getItemProps({ index });
            return (
              <Chip
                key={key}
                {...props}
                size="small"
                label={tag.name}
                sx={{ bgcolor: tag.color, color: 'common.white' }}
              />
            );
          })
        }
        renderInput={(params) => (
          <TextField {...params} name="tags" variant="standard" placeholder={t('tags.placeholder')} />
        )}
      />
    </Box>
  );
}
