import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { eventually, uniquePhone } from '../../../test/messaging-fixtures';
import { createPrivateDatabase, type PrivateDatabase } from '../../../test/private-database';
import { connectionWhen, createConnection } from '../whatsapps/whatsapps.fixtures';
import { sendDueSchedules } from './jobs/schedule-sweeper';
import { contactOf, readSchedule, scheduleRow } from './schedules.fixtures';

// Servers that sweep every company's schedules: on a database of their own.
let database: PrivateDatabase;
const started: TestServer[] = [];

async function node(nodeId: string): Promise<TestServer> {
  const server = await startTestServer(
    { NODE_ID: nodeId, SESSIONS_AUTOSTART: 'on', SESSION_LEASE_MS: '1000', SIMULATOR_ACK_MS: '20,40' },
    { url: database.url },
  );
  await server.listen();
  started.push(server);
  return server;
}

beforeAll(async () => {
  database = await createPrivateDatabase();
});
afterAll(async () => {
  for (const server of started) await server.close().catch(() => undefined);
  await database?.drop();
});

const sweep = (server: TestServer, clock?: () => Date) => sendDueSchedules(server.modules.schedules, clock);

/** A company with a connected simulator line and a contact whose phone the test reads. */
async function simulatedCompany(server: TestServer) {
  const session = await buildAdminSession(server);
  const connection = await createConnection(server, session.token, { provider: 'simulator' });
  await connectionWhen(server, session.token, connection.id, (c) => c.status === 'qrcode');
  await server.call('POST', `/simulator/connections/${connection.id}/scan`, { token: session.token });
  await connectionWhen(server, session.token, connection.id, (c) => c.status === 'CONNECTED');
  const phone = uniquePhone();
  const contact = await contactOf(server, session.company.id, 'Renata Alves', phone);
  const received = async (via: TestServer = server) =>
    (
      await via.call('GET', `/simulator/connections/${connection.id}/outbox?to=${phone}`, {
        token: session.token,
      })
    ).body as Array<{ body: string }>;
  return { ...session, connection, contact, phone, received };
}

/** The messages our side stored from schedules, per ticket: each must be there once. */
function scheduleMessages(server: TestServer, companyId: number) {
  return server.ctx.scopes
    .tenant(companyId)
    .run((tx) =>
      tx
        .selectFrom('messages')
        .where('origin', '=', 'schedule')
        .select(['id', 'ticketId', 'body', 'fromMe'])
        .orderBy('id')
        .execute(),
    );
}

describe('the scheduled messages sender', () => {
  it('sends a schedule due now to the simulated phone exactly once, rendered, and marks it ENVIADA', async () => {
    const a = await node('node-a');
    const world = await simulatedCompany(a);
    const created = await a.call('POST', '/schedules', {
      token: world.token,
      body: {
        body: 'Olá {{firstName}}, {name} tem consulta hoje',
        contactId: world.contact.id,
        sendAt: new Date().toISOString(),
      },
    });
    expect(created.status).toBe(200);

    await sweep(a);
    const sent = await eventually(async () => {
      const row = await readSchedule(a, world.company.id, created.body.id);
      return row.status === 'ENVIADA' ? row : undefined;
    }, 8000);
    const phone = await eventually(async () => {
      const items = await world.received();
      return items.length > 0 ? items : undefined;
    });
    // Another sweep (and the node's own timer) must not send it again.
    await sweep(a);
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(phone.map((m) => m.body)).toEqual(['Olá Renata, Renata Alves tem consulta hoje']);
    expect(await world.received()).toHaveLength(1);
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.late).toBe(false);
    expect(sent.whatsappId).toBe(world.connection.id);
    const stored = await scheduleMessages(a, world.company.id);
    expect(stored).toEqual([
      expect.objectContaining({
        ticketId: sent.ticketId,
        fromMe: true,
        body: 'Olá Renata, Renata Alves tem consulta hoje',
      }),
    ]);
    const shown = await a.call('GET', `/schedules/${created.body.id}`, { token: world.token });
    expect(shown.body).toMatchObject({ status: 'ENVIADA', late: false, ticketId: sent.ticketId });
    expect(shown.body.sentAt).not.toBeNull();
  });

  it('ends as ERRO with a readable reason after 3 failed attempts, retrying between them', async () => {
    const a = started[0] ?? (await node('node-a'));
    const { company, admin } = await buildAdminSession(a);
    const contact = await contactOf(a, company.id);
    // The company has no connection at all: every attempt fails.
    const id = await scheduleRow(a, company.id, {
      contactId: contact.id,
      userId: admin.id,
      sendAt: new Date(Date.now() - 1000),
    });
    let at = Date.now();
    const clock = () => new Date(at);
    const states: string[] = [];
    for (let round = 0; round < 5; round += 1) {
      await sweep(a, clock);
      const row = await readSchedule(a, company.id, id);
      states.push(`${row.status}/${row.attempts}`);
      if (row.status === 'ERRO') break;
      // Within the retry delay nothing is tried again.
      await sweep(a, clock);
      expect((await readSchedule(a, company.id, id)).attempts).toBe(row.attempts);
      at += 11_000;
    }
    const row = await readSchedule(a, company.id, id);
    expect(row.status).toBe('ERRO');
    expect(row.attempts).toBe(3);
    expect(row.lastError).toBe('No WhatsApp connection to send through');
    expect(row.sentAt).toBeNull();
    expect(states.at(-1)).toBe('ERRO/3');
  });

  it('holds the schedules of a company whose plan has no schedules, or that is blocked', async () => {
    const a = started[0] ?? (await node('node-a'));
    const noPlan = await buildAdminSession(a, { plan: { useSchedules: false } });
    const expired = await buildAdminSession(a, { dueDate: '2020-01-01' });
    const held = [];
    for (const session of [noPlan, expired]) {
      const contact = await contactOf(a, session.company.id);
      const id = await scheduleRow(a, session.company.id, {
        contactId: contact.id,
        userId: session.admin.id,
        sendAt: new Date(Date.now() - 1000),
      });
      held.push({ companyId: session.company.id, id });
    }
    await sweep(a);
    for (const { companyId, id } of held) {
      expect(await readSchedule(a, companyId, id)).toMatchObject({ status: 'PENDENTE', attempts: 0 });
    }
  });

  it(
    'sends what fell due while the server was down once it is back, marked late, and settles rows left mid-send',
    { timeout: 120_000 },
    async () => {
      const first = await node('node-down');
      const world = await simulatedCompany(first);
      for (const server of started.splice(0)) await server.close();

      // While no server runs: one schedule falls due, and one was left claimed by a crash.
      // A process that only writes (not listening: no sweeps, no sessions) stands in for the old rows.
      const writer = await startTestServer({}, { url: database.url });
      started.push(writer);
      const insert = (body: string, minutesAgo: number, status: 'PENDENTE' | 'AGENDADA', attempts: number) =>
        scheduleRow(writer, world.company.id, {
          contactId: world.contact.id,
          userId: world.admin.id,
          body,
          sendAt: new Date(Date.now() - minutesAgo * 60_000),
          status,
          attempts,
        });
      const missed = await insert('Enviado depois da parada', 10, 'PENDENTE', 0);
      const leftMidSend = await insert('Deixado no meio do envio', 20, 'AGENDADA', 1);

      const back = await node('node-back');
      const both = await eventually(async () => {
        const rows = await Promise.all(
          [missed, leftMidSend].map((id) => readSchedule(back, world.company.id, id)),
        );
        return rows.every((r) => r.status === 'ENVIADA') ? rows : undefined;
      }, 40_000);
      const phone = await eventually(async () => {
        const items = await world.received(back);
        return items.length >= 2 ? items : undefined;
      }, 8000);

      expect(both.map((r) => r.late)).toEqual([true, true]);
      expect(phone.map((m) => m.body).sort()).toEqual([
        'Deixado no meio do envio',
        'Enviado depois da parada',
      ]);
      expect((await scheduleMessages(back, world.company.id)).map((m) => m.body).sort()).toEqual([
        'Deixado no meio do envio',
        'Enviado depois da parada',
      ]);
    },
  );

  // Generous waits: both nodes share the machine's cores with everything else running.
  it(
    'never sends a schedule twice with two server processes sweeping one database',
    { timeout: 120_000 },
    async () => {
      const one = await node('node-one');
      const two = await node('node-two');
      const world = await simulatedCompany(one);
      const contacts = [world.contact];
      for (let i = 0; i < 9; i += 1) contacts.push(await contactOf(one, world.company.id, `Cliente ${i}`));
      const due = new Date(Date.now() - 1000);
      const ids: number[] = [];
      for (let i = 0; i < 40; i += 1) {
        const contact = contacts[i % contacts.length] ?? world.contact;
        ids.push(
          await scheduleRow(one, world.company.id, {
            contactId: contact.id,
            userId: world.admin.id,
            body: `Agendamento número ${i}`,
            sendAt: due,
          }),
        );
      }

      // Both nodes' timers run too; these sweeps race them and each other.
      await Promise.all([sweep(one), sweep(two), sweep(one), sweep(two)]);
      await eventually(async () => {
        const rows = await Promise.all(ids.map((id) => readSchedule(one, world.company.id, id)));
        return rows.every((r) => r.status === 'ENVIADA');
      }, 30_000);

      const stored = await scheduleMessages(one, world.company.id);
      const bodies = stored.map((m) => m.body);
      expect(bodies).toHaveLength(40);
      expect(new Set(bodies).size).toBe(40);
      const phone = await eventually(async () => {
        const items = await world.received(two);
        return items.length >= 4 ? items : undefined;
      }, 30_000);
      // The first contact gets every tenth schedule, once each.
      expect(phone.map((m) => m.body).sort()).toEqual(
        ids
          .filter((_, i) => i % 10 === 0)
          .map((_, k) => `Agendamento número ${k * 10}`)
          .sort(),
      );
    },
  );
});
