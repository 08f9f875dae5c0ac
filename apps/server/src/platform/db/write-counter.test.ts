import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { WriteCounter } from './write-counter';

interface Db {
  t: { id: number; name: string };
}

/** Kysely compiling for PostgreSQL and answering nothing: enough to see which statements go through. */
function counted() {
  const writes = new WriteCounter();
  const db = new Kysely<Db>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    plugins: [writes],
  });
  return { db, writes };
}

describe('WriteCounter', () => {
  it('counts inserts, updates, deletes and raw statements that are not selects', async () => {
    const { db, writes } = counted();
    await db.selectFrom('t').selectAll().execute();
    await sql`  SELECT pg_advisory_xact_lock(1)`.execute(db);
    expect(writes.count).toBe(0);
    await db.insertInto('t').values({ id: 1, name: 'a' }).execute();
    await db.updateTable('t').set({ name: 'b' }).execute();
    await db.deleteFrom('t').execute();
    await sql`with gone as (delete from t returning id) select count(*) from gone`.execute(db);
    expect(writes.count).toBe(4);
  });
});
