import { cleanup } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import { i18nOptions } from '../app/i18n/i18n';
import { resources as en } from '../locales/en';
import { resources as es } from '../locales/es';
import { resources as pt } from '../locales/pt';

// jsdom has no matchMedia; MUI's useMediaQuery needs one (nothing matches: narrowest, light layout).
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

// Tests get every catalogue up front instead of the per-language chunks.
await i18n.use(initReactI18next).init({ ...i18nOptions('en'), resources: { en, pt, es } });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
