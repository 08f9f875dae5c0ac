import { useQuery } from '@tanstack/react-query';
import { routes, type TagView, type UserView } from '@zapdesk/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../../lib/api/client';
import { useCurrentUser } from '../../auth/sessionContext';
import { useQueueList } from '../../queues/api';
import { useCan } from '../../auth/can';

interface Option {
  id: number;
  name: string;
  color: string;
}

interface MultiFilterProps {
  label: string;
  name: string;
  options: readonly Option[];
  value: number[];
  onChange: (value: number[]) => void;
}

function MultiFilter({ label, name, options, value, onChange }: MultiFilterProps) {
  const byId = new Map(options.map((option) => [option.id, option]));
  return (
    <FormControl size="small" sx={{ flex: 1, minWidth: 0 }}>
      <InputLabel id={`${name}-label`}>{label}</InputLabel>
      <Select<number[]>
        multiple
        labelId={`${name}-label`}
        label={label}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value as number[])}
        renderValue={(ids) => (
          <Box sx={{ display: 'flex', gap: 0.5, overflow: 'hidden' }}>
            {ids.map((id) => (
              <Chip
                key={id}
                size="small"
                label={byId.get(id)?.name ?? id}
                sx={{ bgcolor: byId.get(id)?.color, color: 'common.white' }}
              />
            ))}
          </Box>
        )}
      >
        {options.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: option.color, mr: 1 }} />
            {option.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** Only admins may list every queue of the company. */
function AllQueuesFilter(props: Omit<MultiFilterProps, 'options'>) {
  const { data } = useQueueList();
  return <MultiFilter {...props} options={data ?? []} />;
}

/** Admins searching may also filter by the users tickets are assigned to. */
function UsersFilter(props: Omit<MultiFilterProps, 'options'>) {
  const { data } = useQuery({
    queryKey: ['users', 'all'],
    queryFn: ({ signal }) =>
      callRoute<typeof routes.users.listAll, UserView[]>(routes.users.listAll, { signal }),
  });
  const options = (data ?? []).map((user) => ({ id: user.id, name: user.name, color: 'primary.main' }));
  return <MultiFilter {...props} options={options} />;
}

interface TicketFiltersProps {
  queueIds: number[];
  tags: number[];
  onQueues: (ids: number[]) => void;
  onTags: (ids: number[]) => void;
  /** Only given to admins on the Search tab. */
  users?: { value: number[]; onChange: (ids: number[]) => void };
}

/** Queue filter (the user's queues; all of them for admins) and tag filter. */
export function TicketFilters({ queueIds, tags, onQueues, onTags, users }: TicketFiltersProps) {
  const { t } = useTranslation('tickets');
  const user = useCurrentUser();
  const seeAll = useCan('tickets.seeAll');
  const tagList = useQuery({
    queryKey: ['tags', 'all'],
    queryFn: ({ signal }) =>
      callRoute<typeof routes.tags.listAll, TagView[]>(routes.tags.listAll, { signal }),
  });
  const queueProps = { label: t('filters.queues'), name: 'queueIds', value: queueIds, onChange: onQueues };
  return (
    <Box sx={{ display: 'flex', gap: 1, px: 1, pb: 1 }}>
      {seeAll ? <AllQueuesFilter {...queueProps} /> : <MultiFilter {...queueProps} options={user.queues} />}
      <MultiFilter
        label={t('filters.tags')}
        name="tags"
        options={tagList.data ?? []}
        value={tags}
        onChange={onTags}
      />
      {users && <UsersFilter label={t('filters.users')} name="users" {...users} />}
    </Box>
  );
}
