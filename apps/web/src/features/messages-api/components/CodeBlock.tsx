import Box from '@mui/material/Box';

/** Preformatted example text (requests, answers), scrolling sideways on narrow screens. */
export function CodeBlock({ children, testId }: { children: string; testId?: string }) {
  return (
    <Box
      component="pre"
      data-testid={testId}
      sx={{
        m: 0,
        my: 1,
        p: 1.5,
        borderRadius: 1,
        bgcolor: 'action.hover',
        fontSize: 13,
        overflowX: 'auto',
        whiteSpace: 'pre',
      }}
    >
      {children}
    </Box>
  );
}
