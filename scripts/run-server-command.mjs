// `npm run db:migrate` / `npm run db:seed`: build the server if needed and run one of its commands.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const command = process.argv[2];
const steps = [
  [path.join(root, 'scripts/build.mjs')],
  [path.join(root, 'apps/server/dist/main.js'), command],
];
for (const args of steps) {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
