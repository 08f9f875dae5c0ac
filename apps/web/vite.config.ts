import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.VITE_API_PROXY ?? 'http://localhost:8080';
const apiPaths = [
  '/auth',
  '/users',
  '/companies',
  '/plans',
  '/settings',
  '/helps',
  '/version',
  '/socket.io',
  '/public',
  '/docs',
];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      apiPaths.map((p) => [p, { target: api, ws: p === '/socket.io', changeOrigin: true }]),
    ),
  },
});
