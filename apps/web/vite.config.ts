import type { IncomingMessage } from 'node:http';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.VITE_API_PROXY ?? 'http://localhost:8080';

// Every API prefix of both specs. Several are also client routes (/users, /files, /tickets, /queue-integration
// starts with /queue …), so browser navigations are answered with the app's index page instead of the proxy.
const apiPaths = [
  '/auth',
  '/version',
  '/users',
  '/companies',
  '/plans',
  '/settings',
  '/helps',
  '/forgetpassword',
  '/resetpasswords',
  '/tickets',
  '/ticket',
  '/ticket-notes',
  '/ticket-tags',
  '/messages',
  '/tags',
  '/contacts',
  '/contact-lists',
  '/contact-list-items',
  '/queue',
  '/queue-options',
  '/queueIntegration',
  '/prompt',
  '/whatsapp',
  '/whatsappsession',
  '/quick-messages',
  '/schedules',
  '/campaigns',
  '/campaign-settings',
  '/announcements',
  '/chats',
  '/files',
  '/dashboard',
  '/invoices',
  '/subscription',
  '/api',
  '/simulator',
  '/public',
  '/docs',
  '/socket.io',
];

/** Pages the server renders itself: never answered with the app's index page (/simulator is the app's page). */
const serverPages = ['/docs', '/public'];

const isPageNavigation = (req: IncomingMessage) =>
  req.method === 'GET' &&
  (req.headers.accept ?? '').includes('text/html') &&
  !serverPages.some((prefix) => req.url?.startsWith(prefix));

export default defineConfig({
  plugins: [react()],
  build: {
    // scripts/bundle-size.mjs reads the manifest to add up what the login route downloads.
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      apiPaths.map((p) => [
        p,
        {
          target: api,
          ws: p === '/socket.io',
          changeOrigin: true,
          bypass: (req: IncomingMessage) => (isPageNavigation(req) ? '/index.html' : undefined),
        },
      ]),
    ),
  },
});
