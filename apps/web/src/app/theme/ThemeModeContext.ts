import { createContext, useContext } from 'react';
import type { ThemeMode } from '../../lib/preferences/themeMode';

export interface ThemeModeValue {
  mode: ThemeMode;
  toggle: () => void;
}

export const ThemeModeContext = createContext<ThemeModeValue>({ mode: 'light', toggle: () => {} });

export const useThemeMode = (): ThemeModeValue => useContext(ThemeModeContext);
