import AccessTime from '@mui/icons-material/AccessTime';
import Done from '@mui/icons-material/Done';
import DoneAll from '@mui/icons-material/DoneAll';

/** 0 queued, 1 sent ✓, 2 delivered ✓✓, 3 or more read/played: blue ✓✓ (spec 1 section 4). */
export function AckIcon({ ack }: { ack: number }) {
  const sx = { fontSize: 16, ml: 0.5, verticalAlign: 'middle' };
  if (ack <= 0) return <AccessTime sx={sx} data-testid="ack-0" />;
  if (ack === 1) return <Done sx={sx} data-testid="ack-1" />;
  if (ack === 2) return <DoneAll sx={sx} data-testid="ack-2" />;
  return <DoneAll sx={{ ...sx, color: '#53bdeb' }} data-testid="ack-3" />;
}
