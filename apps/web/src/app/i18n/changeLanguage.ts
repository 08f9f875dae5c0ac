import i18n from 'i18next';
import type { Language } from '@zapdesk/contracts';
import { saveLanguage } from './languages';

/** Switches the interface language and remembers it in this browser. */
export async function changeLanguage(language: Language): Promise<void> {
  saveLanguage(language);
  await i18n.changeLanguage(language);
}
