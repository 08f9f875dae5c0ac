// Adds up the gzip size of the JavaScript a first visit to /login downloads: the entry chunk, the login page
// chunk, the English and Portuguese catalogues (default and fallback) and everything they import statically.
// Run after a build: `node apps/web/scripts/bundle-size.mjs` (budget: 300 KB).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const BUDGET_KB = 300;

const roots = [
  Object.keys(manifest).find((key) => manifest[key].isEntry),
  'src/features/auth/pages/LoginPage.tsx',
  'src/locales/en/index.ts',
  'src/locales/pt/index.ts',
];

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`no chunk for ${key} in the manifest`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  (chunk.imports ?? []).forEach(visit);
};
roots.forEach(visit);

let raw = 0;
let gzip = 0;
const rows = [...files].map((file) => {
  const bytes = fs.readFileSync(path.join(dist, file));
  const zipped = zlib.gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzip += zipped;
  return { file, kb: (bytes.length / 1024).toFixed(1), gzipKb: (zipped / 1024).toFixed(1) };
});
console.table(rows);
console.log(
  `login route JS: ${(raw / 1024).toFixed(1)} KB, ${(gzip / 1024).toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`,
);
if (gzip / 1024 > BUDGET_KB) process.exitCode = 1;
