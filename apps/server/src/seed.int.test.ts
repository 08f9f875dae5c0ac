import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrivateDatabase, type PrivateDatabase } from '../test/private-database';
import { openDatabase, type DatabaseHandles } from './platform/db/database';
import { Scopes } from './platform/tenancy';
import { DEMO_EMAIL, seedDemo } from './seed';

// A database of its own: the seed claims company 1 and the demo e-mail.
let database: PrivateDatabase;
let db: DatabaseHandles;
let scopes: Scopes;
beforeAll(async () => {
  database = await createPrivateDatabase();
  db = openDatabase(database.url);
  scopes = new Scopes(db.owner);
});
afterAll(async () => {
  await db.close();
  await database.drop();
});

const settingsOfCompany1 = () =>
  scopes.asSystem((tx) =>
    tx.db.selectFrom('settings').where('companyId', '=', 1).select(['key', 'value']).execute(),
  );

describe('demo seed', () => {
  it('leaves the demo answering at any hour (business hours off) and keeps what an admin chose', async () => {
    await seedDemo(scopes, 'demo-secret');
    expect(await settingsOfCompany1()).toContainEqual({ key: 'scheduleType', value: 'disabled' });
    const companies = await scopes.asSystem((tx) =>
      tx.db.selectFrom('companies').select(['id', 'name', 'schedules']).execute(),
    );
    expect(companies).toEqual([{ id: 1, name: 'Empresa 1', schedules: [] }]);

    // Seeding again (every start) adds nothing and leaves an admin's choice alone.
    await scopes.asSystem((tx) =>
      tx.db
        .updateTable('settings')
        .set({ value: 'queue' })
        .where('companyId', '=', 1)
        .where('key', '=', 'scheduleType')
        .execute(),
    );
    await seedDemo(scopes, 'demo-secret');
    expect(await settingsOfCompany1()).toContainEqual({ key: 'scheduleType', value: 'queue' });
    const admins = await scopes.asSystem((tx) =>
      tx.db.selectFrom('users').where('email', '=', DEMO_EMAIL).select('companyId').execute(),
    );
    expect(admins).toEqual([{ companyId: 1 }]);
  });
});
