import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import { isNearBottom } from '../../lib/lists/pages';

/**
 * The scrolling box of a paged list: reaching the last 100 px asks for more. A box the loaded rows do not
 * fill cannot be scrolled, so it asks after each render too (the caller ignores asks while loading).
 */
export function ScrollList({
  onNearBottom,
  loading,
  children,
  testId,
}: {
  onNearBottom: () => void;
  loading: boolean;
  children: ReactNode;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef(onNearBottom);
  useEffect(() => {
    latest.current = onNearBottom;
  });
  useEffect(() => {
    if (box.current && isNearBottom(box.current)) latest.current();
  });

  return (
    <Paper
      ref={box}
      variant="outlined"
      onScroll={(event) => {
        if (isNearBottom(event.currentTarget)) onNearBottom();
      }}
      data-testid={testId}
      sx={{ flex: 1, minHeight: 240, overflowY: 'auto', overflowX: 'hidden' }}
    >
      {children}
      {loading && (
        <Box sx={{ display: 'grid', placeItems: 'center', p: 2 }}>
          <CircularProgress size={28} />
        </Box>
      )}
    </Paper>
  );
}
