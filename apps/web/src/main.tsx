import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { APP_VERSION } from '@zapdesk/contracts';

function Placeholder() {
  return (
    <main style={{ fontFamily: 'sans-serif', padding: 32 }}>
      <h1>Zapdesk</h1>
      <p>Version {APP_VERSION}. The web application is being built.</p>
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Placeholder />
    </StrictMode>,
  );
}
