import { sql } from 'kysely';
import { hashPassword, verifyPassword } from './platform/auth/passwords';
import type { Scopes } from './platform/tenancy';
import { seedDefaultSettings } from './modules/settings';

export const DEMO_EMAIL = 'admin@admin.com';
export const DEMO_PASSWORD = '123456';

/** Idempotent demo data (server-behaviour 19): plan, company 1, super admin, default settings (hours off). */
export async function seedDemo(scopes: Scopes, adminPassword = DEMO_PASSWORD): Promise<void> {
  const companyId = await scopes.asSystem(async (tx) => {
    const plan =
      (await tx.db.selectFrom('plans').where('name', '=', 'Plano 1').select('id').executeTakeFirst()) ??
      (await tx.db
        .insertInto('plans')
        .values({ name: 'Plano 1', users: 10, connections: 10, queues: 10, value: 30 })
        .returning('id')
        .executeTakeFirstOrThrow());
    const existing = await tx.db.selectFrom('companies').where('id', '=', 1).select('id').executeTakeFirst();
    if (!existing) {
      await tx.db
        .insertInto('companies')
        .values({
          id: 1,
          name: 'Empresa 1',
          planId: plan.id,
          status: true,
          dueDate: '2093-03-14',
          recurrence: 'MENSAL',
        })
        .execute();
      // The explicit id must not be handed out again by the identity.
      await sql`select setval(pg_get_serial_sequence('companies', 'id'), greatest((select max(id) from companies), 1))`.execute(
        tx.db,
      );
    }
    const admin = await tx.db
      .selectFrom('users')
      .where('email', '=', DEMO_EMAIL)
      .select('id')
      .executeTakeFirst();
    if (!admin) {
      await tx.db
        .insertInto('users')
        .values({
          companyId: 1,
          name: 'Admin',
          email: DEMO_EMAIL,
          passwordHash: await hashPassword(adminPassword),
          profile: 'admin',
          super: true,
        })
        .execute();
    }
    return 1;
  });
  // Business hours off (issue 23): every new queue starts with the spec's default hours (Mon–Fri 08–18, Sat
  // 08–12, Sun closed), so in "queue" mode the demo's chatbot would turn customers away at night and on Sundays.
  // The demo answers at any hour; an admin turns the hours on in Settings. Settings already stored are kept.
  await scopes.tenant(companyId).run((tx) => seedDefaultSettings(tx, { scheduleType: 'disabled' }));
}

/** True while the demo account still accepts the published password (a warning is printed at start). */
export async function demoPasswordStillWorks(scopes: Scopes): Promise<boolean> {
  const admin = await scopes.asSystem((tx) =>
    tx.db.selectFrom('users').where('email', '=', DEMO_EMAIL).select('passwordHash').executeTakeFirst(),
  );
  return admin ? verifyPassword(DEMO_PASSWORD, admin.passwordHash) : false;
}
