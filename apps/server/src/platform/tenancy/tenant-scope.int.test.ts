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
    .execute(tx.db)
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
