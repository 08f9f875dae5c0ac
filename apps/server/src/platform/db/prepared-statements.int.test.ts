import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession } from '../../../test/factories';
import { asCompany } from '../../../test/messaging-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('prepared statements on the application pool', () => {
  it('runs a repeated statement prepared, with the same answers and row-level security', async () => {
    const session = await buildAdminSession(server);
    const other = await buildAdminSession(server);
    const companyId = session.company.id;
    const { answers, prepared } = await asCompany(server, companyId, async (tx) => {
      const answers: Array<number[]> = [];
      for (let run = 0; run < 5; run++) {
        // The filter on company_id is left out on purpose: only the policy keeps the other company's users out.
        const rows = await tx.db
          .selectFrom('users')
          .where('email', 'in', [session.admin.email, other.admin.email])
          .select('companyId')
          .execute();
        answers.push(rows.map((r) => r.companyId));
      }
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_prepared_statements
        where statement like 'select "company_id" from "users" where "email" in%'`.execute(tx.db);
      return { answers, prepared: rows[0]?.n ?? 0 };
    });
    expect(answers).toEqual(Array.from({ length: 5 }, () => [companyId]));
    expect(prepared).toBe(1);
  });
});
