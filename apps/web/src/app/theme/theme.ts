import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from '../../lib/preferences/themeMode';

const PURPLE = '#6a1b9a';

/**
 * Light: purple primary. Dark: white primary (spec 2, "Theme and language"). `loadingLabel` names every spinner
 * and progress bar that has no name of its own (axe: aria-progressbar-name).
 */
export function createAppTheme(mode: ThemeMode, loadingLabel = 'Loading…'): Theme {
  return createTheme({
    palette:
      mode === 'light'
        ? {
            mode,
            primary: { main: PURPLE },
            secondary: { main: '#00897b' },
            background: { default: '#f4f5f9', paper: '#ffffff' },
          }
        : {
            mode,
            primary: { main: '#ffffff' },
            secondary: { main: '#80cbc4' },
            background: { default: '#121212', paper: '#1e1e1e' },
          },
    shape: { borderRadius: 8 },
    components: {
      MuiAppBar: {
        styleOverrides: {
          root: ({ theme }) => ({
            backgroundColor: theme.palette.mode === 'light' ? PURPLE : '#1e1e1e',
            color: '#ffffff',
          }),
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiCircularProgress: { defaultProps: { 'aria-label': loadingLabel } },
      MuiLinearProgress: { defaultProps: { 'aria-label': loadingLabel } },
    },
  });
}
