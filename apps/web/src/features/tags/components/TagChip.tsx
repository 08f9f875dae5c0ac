import Chip from '@mui/material/Chip';
import { textColorOn } from '../../queues/colors';

/** A tag's name on its own colour. */
export function TagChip({ name, color }: { name: string; color: string }) {
  return (
    <Chip
      label={name}
      size="small"
      data-testid="tag-chip"
      data-color={color}
      sx={{ bgcolor: color, color: textColorOn(color), maxWidth: '100%', fontWeight: 500 }}
    />
  );
}
