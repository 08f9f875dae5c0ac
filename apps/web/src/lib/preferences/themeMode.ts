import { storageKeys } from '../session/storage';
import { createPreference } from './preference';

export type ThemeMode = 'light' | 'dark';

/** The chosen theme; null means "follow the system colour scheme". */
export const themePreference = createPreference<ThemeMode | null>(
  storageKeys.theme,
  (raw) => (raw === 'light' || raw === 'dark' ? raw : null),
  (value) => value,
);
