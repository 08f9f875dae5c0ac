#!/usr/bin/env node
// The server's layering, checked on every `npm run check` (docs/ARCHITECTURE.md, issue 17):
// 1. an area (a module, a messaging part, a provider adapter) is reached from outside only through its index.ts;
// 2. modules/ never import messaging/ (a module that must cause a delivery calls a port handed to it at wiring);
// 3. platform/ imports neither modules/ nor messaging/;
// 4. the raw tenant transaction (`tx.unscoped()`, platform/tenancy/tenant-scope.ts) is opened only in the files
//    listed in UNSCOPED_DOORS, each with the reason the company-filtered helpers do not do: a new one shows up here.
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

/**
 * The files that may open the tenant transaction's one door to the raw Kysely transaction, and why. Queries on it
 * lose the explicit company filter (RLS still applies); anything the helpers (`tx.selectFrom`, `updateTable`,
 * `deleteFrom`, `insertInto`) can say goes through them instead.
 */
export const UNSCOPED_DOORS = new Map([
  ['platform/tenancy/tenant-scope.ts', 'defines the door'],
  ['platform/db/statement-template.ts', 'sends compiled statements as they are'],
  ['platform/auth/actor.ts', 'the company row (companies has no company_id)'],
  ['modules/auth/session-user.ts', 'the company and plan rows'],
  ['modules/users/users.repository.ts', "locks the company row for the plan's user limit"],
  ['modules/queues/queues.repository.ts', "locks the company row for the plan's queue limit"],
  ['modules/whatsapps/whatsapps.repository.ts', "locks the company row for the plan's connection limit"],
  ['modules/campaigns/dispatch/campaign-gate.ts', 'the company and plan rows'],
  [
    'modules/companies/companies.repository.ts',
    'companies, plans and settings rows for a tenant or a system transaction',
  ],
  ['modules/invoices/invoices.repository.ts', 'invoice rows for a tenant or a system transaction'],
  ['modules/contacts/chat-key.ts', 'advisory locks (raw SQL)'],
  ['modules/chats/chat-messages.repository.ts', 'one raw SQL statement (insert and touch)'],
  ['modules/queue-options/queue-options.repository.ts', 'a recursive CTE (raw SQL)'],
  ['modules/dashboard/dashboard.repository.ts', 'raw SQL aggregates'],
  ['modules/tickets/use-cases/list-tickets.ts', 'a materialised CTE (the helpers have no `with`)'],
  ['modules/tickets/use-cases/create-ticket.ts', 'an advisory lock (raw SQL)'],
  ['messaging/bots/bot-data.ts', "the company's schedules and plan flags (companies and plans rows)"],
  ['messaging/inbound/round-statements.ts', 'selects from an unnest() subquery'],
  ['messaging/sessions/session-requests.repository.ts', 'NOTIFY (raw SQL)'],
]);

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
  const doorsSeen = new Set();
  for (const file of sourceFiles(root)) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (isTestSupport(rel)) continue;
    const from = areaOf(rel);
    const text = fs.readFileSync(file, 'utf8');
    if (text.includes('.unscoped()')) doorsSeen.add(rel);
    problems.push(...unlistedDoors(rel, text));
    for (const { spec, line } of importsOf(text)) {
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
  // The list stays true: a file that no longer opens the door leaves it.
  for (const rel of UNSCOPED_DOORS.keys()) {
    if (rel !== 'platform/tenancy/tenant-scope.ts' && !doorsSeen.has(rel)) {
      problems.push(
        `scripts/check-imports.mjs: ${rel} no longer calls tx.unscoped(): remove it from UNSCOPED_DOORS`,
      );
    }
  }
  return problems;
}

/** Each `.unscoped()` call of a file that UNSCOPED_DOORS does not list. */
function unlistedDoors(rel, text) {
  if (UNSCOPED_DOORS.has(rel)) return [];
  const problems = [];
  for (const match of text.matchAll(/\.unscoped\(\)/g)) {
    const line = text.slice(0, match.index).split('\n').length;
    problems.push(
      `apps/server/src/${rel}:${line}: opens the raw transaction (tx.unscoped()): use the company-filtered ` +
        'helpers, or list the file with its reason in UNSCOPED_DOORS (scripts/check-imports.mjs)',
    );
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = checkImports();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} problem(s) break the layering (docs/ARCHITECTURE.md).`);
    process.exit(1);
  }
  console.log(
    'imports: every cross-area import goes through an index.ts; modules never import messaging; ' +
      `the raw tenant transaction is opened in ${UNSCOPED_DOORS.size} listed files only`,
  );
}
