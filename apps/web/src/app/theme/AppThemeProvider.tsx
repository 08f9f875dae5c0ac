import { useEffect, useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ThemeProvider } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { themePreference } from '../../lib/preferences/themeMode';
import { usePreference } from '../../lib/preferences/preference';
import { createAppTheme } from './theme';
import { ThemeModeContext, type ThemeModeValue } from './ThemeModeContext';

/** MUI theme in the saved mode, or the system colour scheme when none is saved. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const saved = usePreference(themePreference);
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const mode = saved ?? (systemDark ? 'dark' : 'light');
  const { t } = useTranslation();
  const loadingLabel = t('loading');
  const theme = useMemo(() => createAppTheme(mode, loadingLabel), [mode, loadingLabel]);
  const value = useMemo<ThemeModeValue>(
    () => ({ mode, toggle: () => themePreference.set(mode === 'light' ? 'dark' : 'light') }),
    [mode],
  );

  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}
