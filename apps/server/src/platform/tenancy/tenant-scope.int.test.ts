import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession } from '../../../test/factories';
import type { TenantTx } from './tenant-scope';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const settings = (tx: TenantTx) =>
  sql<{
    company: string;
    plans: string;
    seqscan: string;
  }>`select current_setting('app.company_id') as company,
    current_setting('plan_cache_mode') as plans, current_setting('enable_seqscan') as seqscan`
    .execute(tx.unscoped())
    .then((r) => r.rows[0]);

describe('TenantScope.run', () => {
  it('plans generically only inside a transaction that asks for it, and always for its own company', async () => {
    const { company } = await buildAdminSession(server);
    const scope = server.ctx.scopes.tenant(company.id);
    expect(await scope.run(settings, { genericPlans: true, noSequentialScans: true })).toEqual({
      company: String(company.id),
      plans: 'force_generic_plan',
      seqscan: 'off',
    });
    expect(await scope.run(settings, { genericPlans: true })).toEqual({
      company: String(company.id),
      plans: 'force_generic_plan',
      seqscan: 'on',
    });
    // Local to that transaction: the next one on the pool's connections plans as usual.
    for (let i = 0; i < 5; i++) {
      expect(await scope.run(settings)).toEqual({
        company: String(company.id),
        plans: 'auto',
        seqscan: 'on',
      });
    }
  });
});

describe('TenantScope.read', () => {
  const sentWithSetting = (tx: TenantTx, email: string) =>
    sql<{ sent: string; company: string; xid: string; users: number }>`
      select current_query() as sent, current_setting('app.company_id') as company, txid_current()::text as xid,
        (select count(*)::int from users where email = ${email}) as users`
      .execute(tx.unscoped())
      .then((r) => r.rows[0]!);

  it("runs each statement on its own, one text once prepared, and sees only its company's rows", async () => {
    const session = await buildAdminSession(server);
    const other = await buildAdminSession(server);
    const scope = server.ctx.scopes.tenant(session.company.id);
    const reads: Array<{ sent: string; company: string; xid: string; users: number }> = [];
    for (let run = 0; run < 8; run++) {
      reads.push(
        ...(await scope.read(async (tx) => [
          await sentWithSetting(tx, session.admin.email),
          // No company filter: only the policy keeps the other company's admin out.
          await sentWithSetting(tx, other.admin.email),
        ])),
      );
    }
    expect(reads.map((r) => [r.company, r.users])).toEqual(
      Array.from({ length: 8 }, () => [
        [String(session.company.id), 1],
        [String(session.company.id), 0],
      ]).flat(),
    );
    // Each statement is a transaction of its own.
    expect(new Set(reads.map((r) => r.xid)).size).toBe(reads.length);
    expect(reads.at(-1)?.sent).toMatch(
      /^select set_config\('app\.company_id', '\d+', true\); execute zq\d+\(/,
    );
    // Nothing is left set on the pool's connections.
    const { rows } = await sql<{ company: string | null }>`
      select current_setting('app.company_id', true) as company`.execute(server.db.app);
    expect(rows[0]?.company ?? '').toBe('');
  });

  it('plans as asked, runs after-commit work once done, and refuses what needs a transaction', async () => {
    const { company } = await buildAdminSession(server);
    const scope = server.ctx.scopes.tenant(company.id);
    expect(await scope.read(settings, { genericPlans: true })).toEqual({
      company: String(company.id),
      plans: 'force_generic_plan',
      seqscan: 'on',
    });
    const done: string[] = [];
    await scope.read(async (tx) => {
      tx.afterCommit(() => {
        done.push('after');
      });
      await settings(tx);
      done.push('read');
    });
    expect(done).toEqual(['read', 'after']);
    await expect(scope.read((tx) => tx.holdWrite({ take: () => null, passes: () => true }))).rejects.toThrow(
      /single statements only/,
    );
  });
});
