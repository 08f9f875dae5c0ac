import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { QueueView } from '@zapdesk/contracts';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConnectionFormControl } from '../schemas';

/** The connection's queues: several at once, each shown in its colour. */
export function QueueMultiSelect({
  control,
  queues,
}: {
  control: ConnectionFormControl;
  queues: QueueView[];
}) {
  const { t } = useTranslation('connections');
  const { field } = useController({ control, name: 'queueIds' });
  const byId = new Map(queues.map((queue) => [queue.id, queue]));
  return (
    <TextField
      select
      fullWidth
      margin="normal"
      label={t('form.queues')}
      value={field.value}
      onChange={(event) => {
        const value: unknown = event.target.value;
        field.onChange(Array.isArray(value) ? value.map(Number) : []);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      helperText={queues.length === 0 ? t('form.noQueues') : undefined}
      slotProps={{
        htmlInput: { name: 'queueIds' },
        select: {
          multiple: true,
          renderValue: (selected) => (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {(selected as number[]).map((id) => {
                const queue = byId.get(id);
                return (
                  <Chip
                    key={id}
                    size="small"
                    label={queue?.name ?? id}
                    sx={{ bgcolor: queue?.color, color: queue ? 'common.white' : undefined }}
                  />
                );
              })}
            </Box>
          ),
        },
      }}
    >
      {queues.map((queue) => (
        <MenuItem key={queue.id} value={queue.id}>
          <Box
            component="span"
            sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: queue.color, mr: 1 }}
          />
          {queue.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
