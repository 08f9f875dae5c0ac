// `npm run dev`: the server from source with reload (tsx watch) and Vite's dev server proxying the API.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(import.meta.dirname, '..');
// Vite may be hoisted or live under apps/web: ask Node where the web app's copy is.
const viteBin = path.join(
  path.dirname(createRequire(path.join(root, 'apps/web/package.json')).resolve('vite/package.json')),
  'bin/vite.js',
);
const children = [
  spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    stdio: 'inherit',
    env: { ...process.env, FRONTEND_URL: process.env.FRONTEND_URL ?? 'http://localhost:5173' },
  }),
  spawn(process.execPath, [viteBin], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
