import { languages, type Language } from '@zapdesk/contracts';
import { readItem, storageKeys, writeItem } from '../../lib/session/storage';

export const DEFAULT_LANGUAGE: Language = 'en';
export const FALLBACK_LANGUAGE: Language = 'pt';

export const isLanguage = (value: string): value is Language =>
  (languages as readonly string[]).includes(value);

/** The saved language prefix (pt-BR counts as pt), or null when nothing valid is saved. */
export function savedLanguage(): Language | null {
  const prefix = readItem(storageKeys.language)?.slice(0, 2).toLowerCase() ?? '';
  return isLanguage(prefix) ? prefix : null;
}

export const initialLanguage = (): Language => savedLanguage() ?? DEFAULT_LANGUAGE;

export const saveLanguage = (language: Language): void => writeItem(storageKeys.language, language);
