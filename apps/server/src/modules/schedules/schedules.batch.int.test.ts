import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { eventually, uniquePhone } from '../../../test/messaging-fixtures';
import { createPrivateDatabase, type PrivateDatabase } from '../../../test/private-database';
import { connectionWhen, createConnection } from '../whatsapps/whatsapps.fixtures';
import { sendDueSchedules } from './jobs/schedule-sweeper';
import { contactOf, readSchedule, scheduleRow } from './schedules.fixtures';

// The sender sweeps every company's schedules: on a database of its own.
let database: PrivateDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createPrivateDatabase();
  server = await startTestServer(
    { SESSIONS_AUTOSTART: 'on', SESSION_LEASE_MS: '1000', SIMULATOR_ACK_MS: '20,40' },
    { url: database.url },
  );
  await server.listen();
});
afterAll(async () => {
  await server?.close().catch(() => undefined);
  await database?.drop();
});

/** A company with one connected simulator line and `count` contacts whose phones the test reads. */
async function companyWithContacts(count: number) {
  const session = await buildAdminSession(server);
  const connection = await createConnection(server, session.token, { provider: 'simulator' });
  await connectionWhen(server, session.token, connection.id, (c) => c.status === 'qrcode');
  await server.call('POST', `/simulator/connections/${connection.id}/scan`, { token: session.token });
  await connectionWhen(server, session.token, connection.id, (c) => c.status === 'CONNECTED');
  const contacts = [];
  for (let i = 0; i < count; i += 1)
    contacts.push(await contactOf(server, session.company.id, `Cliente ${i}`, uniquePhone()));
  const received = async (phone: string) =>
    (
      (
        await server.call('GET', `/simulator/connections/${connection.id}/outbox?to=${phone}`, {
          token: session.token,
        })
      ).body as Array<{ body: string }>
    ).map((m) => m.body);
  return { ...session, connection, contacts, received };
}

const due = () => new Date(Date.now() - 1000);

/** The rows once each was tried (the server's own timer sweeps too, so ours may find them claimed). */
function settled(companyId: number, ids: number[]) {
  return eventually(async () => {
    const rows = await Promise.all(ids.map((id) => readSchedule(server, companyId, id)));
    return rows.every((r) => r.attempts >= 1 && r.status !== 'AGENDADA') ? rows : undefined;
  }, 10_000);
}

describe('schedules sent in batches', () => {
  it('sends a company batch together, refusing only the row whose author line is down', async () => {
    const world = await companyWithContacts(3);
    // The admin's default line exists but never connected: the admin's rows are refused with its name.
    const down = await createConnection(server, world.token, { provider: 'simulator' });
    await server.ctx.scopes
      .tenant(world.company.id)
      .run((tx) =>
        tx.updateTable('users').set({ whatsappId: down.id }).where('id', '=', world.admin.id).execute(),
      );
    const [first, second, third] = world.contacts;
    if (!first || !second || !third) throw new Error('contacts missing');
    // No author: the company's connected line. Two rows for one contact: both go, in order.
    const ids = [
      await scheduleRow(server, world.company.id, {
        contactId: first.id,
        userId: null,
        body: 'Um {{firstName}}',
        sendAt: due(),
      }),
      await scheduleRow(server, world.company.id, {
        contactId: first.id,
        userId: null,
        body: 'Dois',
        sendAt: due(),
      }),
      await scheduleRow(server, world.company.id, {
        contactId: second.id,
        userId: null,
        body: 'Três',
        sendAt: due(),
      }),
      await scheduleRow(server, world.company.id, {
        contactId: third.id,
        userId: world.admin.id,
        body: 'Quatro',
        sendAt: due(),
      }),
    ];
    await sendDueSchedules(server.modules.schedules);
    const rows = await settled(world.company.id, ids);
    expect(rows.map((r) => r.status)).toEqual(['ENVIADA', 'ENVIADA', 'ENVIADA', 'PENDENTE']);
    expect(rows.slice(0, 3).map((r) => r.whatsappId)).toEqual([
      world.connection.id,
      world.connection.id,
      world.connection.id,
    ]);
    // One ticket per contact, both of the first contact's rows in it.
    expect(rows[0]?.ticketId).toBe(rows[1]?.ticketId);
    expect(rows[2]?.ticketId).not.toBe(rows[0]?.ticketId);
    expect(rows[3]).toMatchObject({
      attempts: 1,
      sentAt: null,
      lastError: `The connection ${down.name} is not connected`,
    });

    const firstPhone = await eventually(async () => {
      const bodies = await world.received(first.number);
      return bodies.length >= 2 ? bodies : undefined;
    }, 10_000);
    expect(firstPhone).toEqual(['Um Cliente', 'Dois']);
    expect(
      await eventually(async () => {
        const bodies = await world.received(second.number);
        return bodies.length > 0 ? bodies : undefined;
      }, 10_000),
    ).toEqual(['Três']);
    expect(await world.received(third.number)).toEqual([]);
  });

  it('sends the rest one by one when a row makes the batch fail, that row failing alone', async () => {
    const world = await companyWithContacts(3);
    // The database itself refuses one message (as a broken row would): the batch's transaction fails whole.
    const ddl = (statement: string) => database.asOwner(statement);
    await ddl(`alter table messages add constraint test_refused_body check (body <> 'Recusado') not valid`);
    try {
      const ids = [];
      for (const [i, contact] of world.contacts.entries()) {
        ids.push(
          await scheduleRow(server, world.company.id, {
            contactId: contact.id,
            userId: null,
            body: i === 1 ? 'Recusado' : `Aceito ${i}`,
            sendAt: due(),
          }),
        );
      }
      await sendDueSchedules(server.modules.schedules);
      const rows = await settled(world.company.id, ids);
      expect(rows.map((r) => r.status)).toEqual(['ENVIADA', 'PENDENTE', 'ENVIADA']);
      expect(rows[1]).toMatchObject({
        attempts: 1,
        lastError: 'The message could not be stored for sending',
      });
      const stored = await server.ctx.scopes
        .tenant(world.company.id)
        .run((tx) =>
          tx.selectFrom('messages').where('origin', '=', 'schedule').select('body').orderBy('id').execute(),
        );
      expect(stored.map((m) => m.body).sort()).toEqual(['Aceito 0', 'Aceito 2']);
    } finally {
      await ddl('alter table messages drop constraint test_refused_body');
    }
  });
});
