#!/usr/bin/env node
// The server's layering, checked on every `npm run check` (docs/ARCHITECTURE.md, issue 17):
// 1. an area (a module, a messaging part, a provider adapter) is reached from outside only through its index.ts;
// 2. modules/ never import messaging/ (a module that must cause a delivery calls a port handed to it at wiring);
// 3. platform/ imports neither modules/ nor messaging/.
// Tests, fixtures and the test harness may reach any file (they drive the whole server). Import cycles are
// madge's job (`npm run cycles`).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps/server/src');

/** The area a path (relative to src, no extension needed) belongs to, or null for the composition root. */
export function areaOf(rel) {
  const adapter = /^messaging\/providers\/[^/]+(?=\/)/.exec(rel);
  if (adapter) return adapter[0];
  const part = /^(modules|messaging)\/[^/]+(?=\/)/.exec(rel);
  return part ? part[0] : null;
}

function isTestSupport(rel) {
  return /\.(test|int\.test)\.ts$/.test(rel) || /\.fixtures\.ts$/.test(rel) || rel.endsWith('.contract.ts');
}

function sourceFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Every relative import (static, dynamic, type-only and re-exports) of a file's text. */
function importsOf(text) {
  const specs = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]*|\.{1,2})['"]/g;
  for (const match of text.matchAll(pattern)) {
    const line = text.slice(0, match.index).split('\n').length;
    specs.push({ spec: match[1], line });
  }
  return specs;
}

/** The imported file relative to src, without extension (`…/index` for a folder). */
function resolve(fromRel, spec) {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromRel), spec));
  const abs = path.join(root, base);
  if (fs.existsSync(`${abs}.ts`) || fs.existsSync(`${abs}.tsx`)) return base;
  if (fs.existsSync(path.join(abs, 'index.ts'))) return `${base}/index`;
  return base;
}

export function checkImports() {
  const problems = [];
  for (const file of sourceFiles(root)) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (isTestSupport(rel)) continue;
    const from = areaOf(rel);
    for (const { spec, line } of importsOf(fs.readFileSync(file, 'utf8'))) {
      const target = resolve(rel, spec);
      const where = `apps/server/src/${rel}:${line}`;
      if (rel.startsWith('modules/') && target.startsWith('messaging/')) {
        problems.push(`${where}: modules never import messaging (use a port handed at wiring): '${spec}'`);
        continue;
      }
      if (rel.startsWith('platform/') && /^(modules|messaging)\//.test(target)) {
        problems.push(`${where}: platform knows nothing of modules or messaging: '${spec}'`);
        continue;
      }
      const to = areaOf(target);
      if (to === null || to === from) continue;
      if (target !== `${to}/index`) {
        problems.push(`${where}: reach ${to} through its index.ts, not '${spec}'`);
      }
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = checkImports();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} import(s) break the layering (docs/ARCHITECTURE.md).`);
    process.exit(1);
  }
  console.log('imports: every cross-area import goes through an index.ts; modules never import messaging');
}
