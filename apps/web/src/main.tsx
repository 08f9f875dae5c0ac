import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './app/i18n/i18n';

const root = document.getElementById('root');
if (root) {
  // The chosen language (and the Portuguese fallback) load before the first paint: no flash of keys.
  void initI18n().then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
