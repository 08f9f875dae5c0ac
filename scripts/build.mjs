// Builds what is out of date: the web app (Vite) when its sources are newer than its build, then the server bundle.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(import.meta.dirname, '..');
// Vite may be hoisted or live under apps/web: ask Node where the web app's copy is.
const viteBin = path.join(
  path.dirname(createRequire(path.join(root, 'apps/web/package.json')).resolve('vite/package.json')),
  'bin/vite.js',
);
const force = process.argv.includes('--force');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function outOfDate(output, sources) {
  if (force || !fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

const contracts = path.join(root, 'packages/contracts');
const web = path.join(root, 'apps/web');
const server = path.join(root, 'apps/server');

if (outOfDate(path.join(web, 'dist/index.html'), [web, contracts])) {
  console.log('Building the web app…');
  run(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], web);
}
if (outOfDate(path.join(server, 'dist/main.js'), [path.join(server, 'src'), contracts])) {
  console.log('Building the server…');
  run(process.execPath, ['build.mjs'], server);
}
