import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession } from '../../../test/factories';
import { asCompany } from '../../../test/messaging-fixtures';
import type { TenantTx } from '../tenancy';
import type { HeldWrite } from './lean-pool';

/** Holds back one tag insert at a time; statements marked `passes` may go before it. */
class HeldTag implements HeldWrite {
  names: string[] = [];
  constructor(private readonly companyId: number) {}
  take() {
    const name = this.names.shift();
    if (name === undefined) return null;
    return {
      text: 'insert into tags (company_id, name, color) values ($1, $2, $3)',
      values: [this.companyId, name, '#654321'],
    };
  }
  passes(text: string) {
    return text.includes('/* passes */');
  }
}

const tagsNamed = async (tx: TenantTx, name: string, passes: boolean) => {
  const mark = passes ? sql.raw('/* passes */') : sql.raw('');
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n ${mark} from tags where name = ${name}`.execute(tx.unscoped());
  return rows[0]?.n;
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the application pool (lean-pool.ts)', () => {
  it('runs a repeated statement prepared, with the same answers and row-level security', async () => {
    const session = await buildAdminSession(server);
    const other = await buildAdminSession(server);
    const companyId = session.company.id;
    const { answers, prepared } = await asCompany(server, companyId, async (tx) => {
      const answers: Array<number[]> = [];
      for (let run = 0; run < 5; run++) {
        // The filter on company_id is left out on purpose: only the policy keeps the other company's users out.
        const rows = await tx
          .unscoped()
          .selectFrom('users')
          .where('email', 'in', [session.admin.email, other.admin.email])
          .select('companyId')
          .execute();
        answers.push(rows.map((r) => r.companyId));
      }
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_prepared_statements
        where statement like 'select "company_id" from "users" where "email" in%'`.execute(tx.unscoped());
      return { answers, prepared: rows[0]?.n ?? 0 };
    });
    expect(answers).toEqual(Array.from({ length: 5 }, () => [companyId]));
    expect(prepared).toBe(1);
  });

  it('runs a scope in one transaction even though its begin travels with the next statement', async () => {
    const session = await buildAdminSession(server);
    const companyId = session.company.id;
    const seen = await asCompany(server, companyId, async (tx) => {
      const read = async () =>
        (
          await sql<{ xid: string; company: string }>`
            select txid_current()::text as xid, current_setting('app.company_id') as company`.execute(
            tx.unscoped(),
          )
        ).rows[0];
      return [await read(), await read()];
    });
    expect(seen[0]?.company).toBe(String(companyId));
    expect(seen[1]).toEqual(seen[0]);
  });

  it('rolls every statement of a failed scope back', async () => {
    const session = await buildAdminSession(server);
    const companyId = session.company.id;
    const name = `Lost ${Date.now()}`;
    await expect(
      asCompany(server, companyId, async (tx) => {
        await tx.insertInto('tags').values({ companyId, name, color: '#123456' }).execute();
        await sql`select 1 / 0`.execute(tx.unscoped());
      }),
    ).rejects.toThrow(/division by zero/);
    const left = await asCompany(server, companyId, (tx) =>
      tx.selectFrom('tags').where('name', '=', name).select('id').execute(),
    );
    expect(left).toEqual([]);
  });

  it('holds a write back until a statement that does not pass, and writes it before the commit', async () => {
    const { company } = await buildAdminSession(server);
    const name = `Held ${Date.now()}`;
    const seen = await asCompany(server, company.id, async (tx) => {
      const held = new HeldTag(company.id);
      await tx.holdWrite(held);
      held.names.push(name);
      const before = await tagsNamed(tx, name, true);
      const after = await tagsNamed(tx, name, false);
      // Held again at the end: the commit writes it.
      held.names.push(name);
      return [before, after, await tagsNamed(tx, name, true)];
    });
    expect(seen).toEqual([0, 1, 1]);
    expect(await asCompany(server, company.id, (tx) => tagsNamed(tx, name, false))).toBe(2);
  });

  it('sends a held write that is prepared on the connection in the same text as the commit', async () => {
    const { company } = await buildAdminSession(server);
    const name = `With commit ${Date.now()}`;
    // The tag is written only when the write travels in the commit's text (current_query() is the whole text).
    let pending = false;
    const heldWithCommit: HeldWrite = {
      take: () => {
        if (!pending) return null;
        pending = false;
        return {
          text: `insert into tags (company_id, name, color) select $1, $2, $3 where current_query() like '%; commit'`,
          values: [company.id, name, '#123456'],
        };
      },
      passes: (text) => text.includes('/* passes */'),
    };
    // Enough transactions for the write to be prepared on the connections the later ones get.
    const runs = 30;
    for (let run = 0; run < runs; run++) {
      await asCompany(server, company.id, async (tx) => {
        await tx.holdWrite(heldWithCommit);
        await tagsNamed(tx, name, true);
        pending = true;
      });
    }
    const written = await asCompany(server, company.id, (tx) => tagsNamed(tx, name, false));
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(runs);

    // A write that fails fails the commit with its own reason, alone or in the commit's text (the later runs),
    // and nothing of the transaction stays.
    const other = await buildAdminSession(server);
    const refused = `Refused ${Date.now()}`;
    for (let run = 0; run < 12; run++) {
      await expect(
        asCompany(server, company.id, async (tx) => {
          await sql`insert into tags (company_id, name, color) values (${company.id}, ${refused}, '#111111')`.execute(
            tx.unscoped(),
          );
          await tx.holdWrite({
            take: () => ({
              text: 'insert into tags (company_id, name, color) values ($1, $2, $3)',
              values: [other.company.id, refused, '#123456'],
            }),
            passes: () => false,
          });
        }),
      ).rejects.toThrow(/row-level security/);
    }
    expect(await asCompany(server, company.id, (tx) => tagsNamed(tx, refused, false))).toBe(0);
  });

  it("drops a held write when the transaction rolls back, and answers the write's own error", async () => {
    const { company } = await buildAdminSession(server);
    const other = await buildAdminSession(server);
    const name = `Dropped ${Date.now()}`;
    await expect(
      asCompany(server, company.id, async (tx) => {
        const held = new HeldTag(company.id);
        await tx.holdWrite(held);
        held.names.push(name);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await asCompany(server, company.id, (tx) => tagsNamed(tx, name, false))).toBe(0);

    // A write that fails fails the statement it went before, with its own reason.
    await expect(
      asCompany(server, company.id, async (tx) => {
        // Another company's row: the policy refuses it.
        const held = new HeldTag(other.company.id);
        await tx.holdWrite(held);
        held.names.push(name);
        await tagsNamed(tx, name, false);
      }),
    ).rejects.toThrow(/row-level security/);
  });

  it("sends a transaction's begin and set-up with its first prepared statement, whose values read the same", async () => {
    const { company } = await buildAdminSession(server);
    const values = {
      text: `O'Brien \\ "x" \n ção 🎉 '' \\'`,
      list: [1, 2, 3],
      json: { quote: "it's", slash: '\\' },
      at: new Date('2026-11-22T10:20:30.456Z'),
      yes: true,
      none: null,
    };
    const texts: string[] = [];
    // Enough transactions for the statement to be prepared on the connection the next one gets.
    for (let run = 0; run < 8; run++) {
      const row = await asCompany(server, company.id, async (tx) => {
        const { rows } = await sql<{
          sent: string;
          company: string;
          text: string;
          list: number[];
          json: unknown;
          at: Date;
          yes: boolean;
          none: string | null;
        }>`select current_query() as sent, current_setting('app.company_id') as company,
            ${values.text}::text as text, ${values.list}::int[] as list, ${values.json}::jsonb as json,
            ${values.at}::timestamptz as at, ${values.yes}::boolean as yes, ${values.none}::text as none`.execute(
          tx.unscoped(),
        );
        return rows[0]!;
      });
      const { sent, company: seen, ...read } = row;
      expect(seen).toBe(String(company.id));
      expect(read).toEqual(values);
      texts.push(sent);
    }
    // The first runs went as bound statements after their opening; the later ones as one text.
    expect(texts[0]).toMatch(/^select current_query\(\)/);
    expect(texts.at(-1)).toMatch(
      /^begin; select set_config\('app\.company_id', '\d+', true\); execute zq\d+\(/,
    );
  });
});
