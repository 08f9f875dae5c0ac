import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { NamedOption } from '../api';

interface QueueSelectFieldProps<T extends FieldValues, O extends FieldValues> {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  queues: readonly NamedOption[];
}

const idsOf = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];

/** A multi-select of queues shown as coloured chips; the hidden input is named like the API field. */
export function QueueSelectField<T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  label,
  queues,
}: QueueSelectFieldProps<T, O>) {
  const { field } = useController({ control, name });
  const selected = idsOf(field.value);
  const byId = new Map(queues.map((queue) => [queue.id, queue]));
  return (
    <TextField
      select
      fullWidth
      margin="normal"
      label={label}
      name={field.name}
      value={selected}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={(event) => field.onChange(idsOf(event.target.value))}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (value) => (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {idsOf(value).map((id) => {
                const queue = byId.get(id);
                return queue ? (
                  <Chip
                    key={id}
                    size="small"
                    label={queue.name}
                    sx={{ bgcolor: queue.color, color: 'common.white', maxWidth: '100%' }}
                  />
                ) : null;
              })}
            </Box>
          ),
        },
      }}
    >
      {queues.map((queue) => (
        <MenuItem key={queue.id} value={queue.id}>
          {queue.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
