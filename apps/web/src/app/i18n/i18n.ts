import i18n, { type BackendModule, type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languages, type Language } from '@zapdesk/contracts';
import { FALLBACK_LANGUAGE, initialLanguage, isLanguage } from './languages';
import { namespaces, type Namespace, type Resources } from './namespaces';

const loaders: Record<Language, () => Promise<{ resources: Resources }>> = {
  pt: () => import('../../locales/pt'),
  en: () => import('../../locales/en'),
  es: () => import('../../locales/es'),
};

const cache = new Map<Language, Promise<Resources>>();

function loadLanguage(language: Language): Promise<Resources> {
  let pending = cache.get(language);
  if (!pending) {
    pending = loaders[language]().then((module) => module.resources);
    cache.set(language, pending);
  }
  return pending;
}

// Each language is one chunk, so only the chosen language and the Portuguese fallback are downloaded.
const chunkBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (!isLanguage(language)) return callback(null, {});
    loadLanguage(language)
      .then((resources) => callback(null, resources[namespace as Namespace] ?? {}))
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null));
  },
};

/** Options shared by the app and the unit tests. */
export const i18nOptions = (language: Language): InitOptions => ({
  lng: language,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...languages],
  load: 'languageOnly',
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Keeps `<html lang>` equal to the interface language. */
export function syncDocumentLanguage(): void {
  const apply = (language: string) => {
    document.documentElement.lang = language;
  };
  apply(i18n.resolvedLanguage ?? i18n.language);
  i18n.on('languageChanged', apply);
}

export async function initI18n(): Promise<void> {
  await i18n.use(chunkBackend).use(initReactI18next).init(i18nOptions(initialLanguage()));
  syncDocumentLanguage();
}
