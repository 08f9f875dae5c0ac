import { useState, type ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';

/** A top-bar icon with a count badge that opens a popover list. */
export function BellButton({
  testId,
  label,
  icon,
  count,
  children,
}: {
  testId: string;
  label: string;
  icon: ReactNode;
  count: number;
  /** The popover content; receives a function that closes the popover. */
  children: (close: () => void) => ReactNode;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  // The badge's text is part of the button's name (axe: the name contains what is shown); none when zero.
  const shown = count > 99 ? '99+' : String(count);
  const name = count > 0 ? `${label}: ${shown}` : label;
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          data-testid={testId}
          color="inherit"
          size="small"
          aria-label={name}
          aria-haspopup="dialog"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={count > 0 ? count : undefined} color="error" max={99}>
            {icon}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 'min(360px, calc(100vw - 32px))', maxHeight: 420 } } }}
      >
        <Box sx={{ px: 2, pt: 1.5, pb: 0.5 }}>
          <Typography variant="subtitle1" component="h2" fontWeight={600}>
            {label}
          </Typography>
        </Box>
        {children(close)}
      </Popover>
    </>
  );
}

export function EmptyBellList({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" variant="body2" sx={{ px: 2, pb: 2, pt: 1 }}>
      {text}
    </Typography>
  );
}
