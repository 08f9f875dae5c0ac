import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession } from '../../../test/factories';
import { asCompany } from '../../../test/messaging-fixtures';
import { StatementTemplate } from './statement-template';
import { WriteCounter } from './write-counter';

/** The company's tags like `at`, with the text the statement travelled in and its transaction. */
const sentWith = new StatementTemplate((tx, args: { at: string }) =>
  tx
    .selectFrom('tags')
    .where('name', 'like', args.at)
    .select((eb) => [
      sql<string>`current_query()`.as('sentText'),
      sql<string>`txid_current()::text`.as('txId'),
      eb.fn.countAll<number>().as('tagCount'),
    ]),
);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const insertTag = new StatementTemplate((tx, tag: { name: string; color?: string; kanban?: number }) =>
  tx
    .insertInto('tags')
    .values({ ...tag, companyId: tx.companyId })
    .returning(['id', 'companyId', 'name', 'color', 'kanban']),
);

const tagsNamed = new StatementTemplate((tx, args: { prefix: string }) =>
  tx
    .selectFrom('tags')
    .where('name', 'like', args.prefix)
    .orderBy('name')
    .select(['name', 'companyId'])
    .limit(sql.lit(10)),
);

describe('StatementTemplate', () => {
  it("binds each run's own values and company, camelCases rows and leaves undefined arguments out", async () => {
    const a = await buildAdminSession(server);
    const b = await buildAdminSession(server);
    const prefix = `T${Date.now()}`;
    const inA = await asCompany(server, a.company.id, async (tx) => [
      await insertTag.run(tx, { name: `${prefix} one`, color: '#111111', kanban: 1 }),
      await insertTag.run(tx, { name: `${prefix} two`, color: '#222222', kanban: undefined }),
      await insertTag.run(tx, { name: `${prefix} three`, color: '#333333', kanban: 0 }),
    ]);
    const inB = await asCompany(server, b.company.id, (tx) =>
      insertTag.run(tx, { name: `${prefix} four`, color: '#444444', kanban: 1 }),
    );
    expect(inA.map(([row]) => [row?.companyId, row?.name, row?.color, row?.kanban])).toEqual([
      [a.company.id, `${prefix} one`, '#111111', 1],
      // The column's default, as the builder would have left it out.
      [a.company.id, `${prefix} two`, '#222222', 0],
      [a.company.id, `${prefix} three`, '#333333', 0],
    ]);
    expect(inB[0]?.companyId).toBe(b.company.id);

    const seen = await asCompany(server, a.company.id, (tx) => tagsNamed.run(tx, { prefix: `${prefix}%` }));
    expect(seen).toEqual(
      ['one', 'three', 'two'].map((n) => ({ name: `${prefix} ${n}`, companyId: a.company.id })),
    );
    const seenByB = await asCompany(server, b.company.id, (tx) =>
      tagsNamed.run(tx, { prefix: `${prefix}%` }),
    );
    expect(seenByB).toEqual([{ name: `${prefix} four`, companyId: b.company.id }]);
  });

  it('counts its writes on a counted transaction, not its reads', async () => {
    const { company } = await buildAdminSession(server);
    const counts = await asCompany(server, company.id, async (tx) => {
      const writes = new WriteCounter();
      const counted = tx.withPlugin(writes);
      const after: number[] = [];
      for (let run = 0; run < 3; run++) {
        const before = writes.count;
        await tagsNamed.run(counted, { prefix: 'none%' });
        after.push(writes.count - before);
        const beforeInsert = writes.count;
        await insertTag.run(counted, { name: `Counted ${Date.now()} ${run}`, color: '#555555' });
        after.push(writes.count - beforeInsert);
      }
      return after;
    });
    // A template compiled on this transaction may count its first write twice: still "something was written".
    expect(counts.filter((_, i) => i % 2 === 0)).toEqual([0, 0, 0]);
    expect(counts.filter((_, i) => i % 2 === 1).every((n) => n >= 1)).toBe(true);
  });

  it('refuses to compile a value that does not come from its arguments', async () => {
    const { company } = await buildAdminSession(server);
    const frozen = new StatementTemplate((tx, args: { name: string }) =>
      tx.selectFrom('tags').where('name', '=', args.name).where('kanban', '=', 1).select('id'),
    );
    await expect(asCompany(server, company.id, (tx) => frozen.run(tx, { name: 'x' }))).rejects.toThrow(
      /a value not from its arguments \(1\)/,
    );
  });

  it('answers any number of runs together: in one text and one snapshot when read statement-wise', async () => {
    const a = await buildAdminSession(server);
    const prefix = `N${Date.now()}`;
    await asCompany(server, a.company.id, (tx) =>
      insertTag.run(tx, { name: `${prefix} a`, color: '#abcdef' }),
    );
    const scope = server.ctx.scopes.tenant(a.company.id);
    const read = () =>
      scope.read((tx) =>
        StatementTemplate.all(tx, [
          tagsNamed.with({ prefix: `${prefix}%` }),
          sentWith.with({ at: `${prefix}%` }),
          sentWith.with({ at: `${prefix} b` }),
        ]),
      );
    // The first runs on a connection prepare the statements one by one; later runs send them as one text.
    for (let run = 0; run < 8; run++) await read();
    const [tags, [first], [second]] = await read();
    expect(tags).toEqual([{ name: `${prefix} a`, companyId: a.company.id }]);
    expect([Number(first?.tagCount), Number(second?.tagCount)]).toEqual([1, 0]);
    expect(first?.sentText).toMatch(
      /^select set_config\('app\.company_id', '\d+', true\); execute zq\d+\(.*\); execute zq\d+\(.*\); execute zq\d+\(/,
    );
    expect(second?.sentText).toBe(first?.sentText);
    expect(second?.txId).toBe(first?.txId);
  });

  it('answers two runs together: in one text and one snapshot when read statement-wise, in turn otherwise', async () => {
    const a = await buildAdminSession(server);
    const b = await buildAdminSession(server);
    const prefix = `W${Date.now()}`;
    await asCompany(server, a.company.id, (tx) =>
      insertTag.run(tx, { name: `${prefix} a`, color: '#abcdef' }),
    );
    await asCompany(server, b.company.id, (tx) =>
      insertTag.run(tx, { name: `${prefix} b`, color: '#abcdef' }),
    );
    const scope = server.ctx.scopes.tenant(a.company.id);
    const runs = [];
    for (let run = 0; run < 8; run++) {
      runs.push(
        await scope.read((tx) =>
          StatementTemplate.together(
            tx,
            [tagsNamed, { prefix: `${prefix}%` }],
            [sentWith, { at: `${prefix}%` }],
          ),
        ),
      );
    }
    for (const [tags, [sent]] of runs) {
      // Only this company's tag, camelCased, from both statements.
      expect(tags).toEqual([{ name: `${prefix} a`, companyId: a.company.id }]);
      expect(Number(sent?.tagCount)).toBe(1);
    }
    const last = runs.at(-1)![1][0]!.sentText;
    expect(last).toMatch(
      /^select set_config\('app\.company_id', '\d+', true\); execute zq\d+\(.*\); execute zq\d+\(/,
    );

    // In a transaction: each in turn, the same answers.
    const [tags, [sent]] = await scope.run((tx) =>
      StatementTemplate.together(tx, [tagsNamed, { prefix: `${prefix}%` }], [sentWith, { at: `${prefix}%` }]),
    );
    expect(tags).toEqual([{ name: `${prefix} a`, companyId: a.company.id }]);
    expect(sent?.sentText).not.toMatch(/; execute zq\d+\(.*; execute/);

    // A transaction with a plugin of its own: the plugin sees both queries.
    const writes = new WriteCounter();
    const seen = await scope.run(async (tx) => {
      const counted = tx.withPlugin(writes);
      const [inserted] = await StatementTemplate.together(
        counted,
        [insertTag, { name: `${prefix} counted`, color: '#abcdef' }],
        [tagsNamed, { prefix: `${prefix}%` }],
      );
      return inserted;
    });
    expect(seen[0]?.name).toBe(`${prefix} counted`);
    expect(writes.count).toBe(1);
  });
});
