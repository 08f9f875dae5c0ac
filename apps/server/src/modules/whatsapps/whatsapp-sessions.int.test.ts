import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession, buildUser, login } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { connectSocket, pause, type TestSocket } from '../../../test/socket-client';
import { connectionWhen, createConnection } from './whatsapps.fixtures';

interface SessionEvent {
  action: string;
  session: { id: number; name: string; status: string; qrcode: string; retries: number; updatedAt: string };
}

let server: TestServer;
let baseUrl: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
  baseUrl = await server.listen();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => server.close());

async function connect(target: string, token: string) {
  const socket = await connectSocket(target, token);
  sockets.push(socket);
  return socket;
}

/** Session events for one connection received so far. */
const sessionsOf = (socket: TestSocket, companyId: number, id: number) =>
  (socket.received(`company-${companyId}-whatsappSession`) as SessionEvent[])
    .filter((e) => e.session.id === id)
    .map((e) => e.session);

async function sessionWhen(
  socket: TestSocket,
  companyId: number,
  id: number,
  check: (s: SessionEvent['session']) => boolean,
) {
  for (let waited = 0; waited < 8000; waited += 25) {
    const found = sessionsOf(socket, companyId, id).find(check);
    if (found) return found;
    await pause(25);
  }
  throw new Error(`no matching session event; got ${JSON.stringify(sessionsOf(socket, companyId, id))}`);
}

describe('connection sessions', () => {
  it('shows a QR code, pairs on scan, logs out and starts again, pushing each status to the company', async () => {
    const a = await buildAdminSession(server);
    const b = await buildAdminSession(server);
    const socket = await connect(baseUrl, a.token);
    const outsider = await connect(baseUrl, b.token);
    const sim = await createConnection(server, a.token, { provider: 'simulator', name: 'Demo phone' });

    const qr = await sessionWhen(socket, a.company.id, sim.id, (s) => s.status === 'qrcode');
    expect(qr).toMatchObject({ name: 'Demo phone', qrcode: `zapdesk-sim:${sim.id}:1`, retries: 1 });
    expect(Object.keys(qr).sort()).toEqual(['id', 'name', 'qrcode', 'retries', 'status', 'updatedAt']);

    const scan = await server.call('POST', `/simulator/connections/${sim.id}/scan`, { token: a.token });
    expect(scan.status).toBe(200);
    const connected = await sessionWhen(socket, a.company.id, sim.id, (s) => s.status === 'CONNECTED');
    expect(connected).toMatchObject({ qrcode: '', retries: 0 });
    const statuses = sessionsOf(socket, a.company.id, sim.id).map((s) => s.status);
    expect(statuses.indexOf('PAIRING')).toBeGreaterThan(statuses.indexOf('qrcode'));
    expect(statuses.indexOf('CONNECTED')).toBeGreaterThan(statuses.indexOf('PAIRING'));
    expect((await server.call('GET', `/whatsapp/${sim.id}`, { token: a.token })).body).toMatchObject({
      status: 'CONNECTED',
      qrcode: '',
      number: scan.body.number,
    });

    const logout = await server.call('DELETE', `/whatsappsession/${sim.id}`, { token: a.token });
    expect(logout.status).toBe(200);
    await sessionWhen(socket, a.company.id, sim.id, (s) => s.status === 'DISCONNECTED' && s.qrcode === '');
    const keys = await server.ctx.scopes
      .tenant(a.company.id)
      .run((tx) => tx.selectFrom('whatsappAuthCreds').where('whatsappId', '=', sim.id).selectAll().execute());
    expect(keys).toEqual([]);

    const before = sessionsOf(socket, a.company.id, sim.id).length;
    expect((await server.call('POST', `/whatsappsession/${sim.id}`, { token: a.token })).status).toBe(200);
    await sessionWhen(socket, a.company.id, sim.id, (s) => s.status === 'qrcode');
    expect(sessionsOf(socket, a.company.id, sim.id).length).toBeGreaterThan(before);

    await pause(100);
    expect(outsider.events.filter((e) => e.event.startsWith(`company-${a.company.id}-`))).toEqual([]);
  });

  it('refresh wipes the pairing and asks for a new QR code, keeping the queues', async () => {
    const { company, token } = await buildAdminSession(server);
    const queue = await server.ctx.scopes
      .tenant(company.id)
      .run((tx) =>
        tx
          .insertInto('queues')
          .values({ companyId: company.id, name: 'Kept', color: '#123456' })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
    const sim = await createConnection(server, token, { provider: 'simulator', queueIds: [queue.id] });
    await connectionWhen(server, token, sim.id, (c) => c.status === 'qrcode');
    await server.call('POST', `/simulator/connections/${sim.id}/scan`, { token });
    await connectionWhen(server, token, sim.id, (c) => c.status === 'CONNECTED');

    expect((await server.call('PUT', `/whatsappsession/${sim.id}`, { token })).status).toBe(200);
    const fresh = await connectionWhen(server, token, sim.id, (c) => c.status === 'qrcode');
    expect(fresh).toMatchObject({ qrcode: `zapdesk-sim:${sim.id}:1`, queues: [{ id: queue.id }] });
    // A restart without the pairing does not reconnect by itself.
    await server.call('POST', `/whatsappsession/${sim.id}`, { token });
    expect((await connectionWhen(server, token, sim.id, (c) => c.status === 'qrcode')).status).toBe('qrcode');
  });

  it('leaves a connection whose provider has no adapter here DISCONNECTED', async () => {
    const { company, token } = await buildAdminSession(server);
    const off = await startTestServer({ SIMULATOR: 'off' });
    try {
      const row = await off.ctx.scopes
        .tenant(company.id)
        .run((tx) =>
          tx
            .insertInto('whatsapps')
            .values({ companyId: company.id, name: 'Orphan sim', provider: 'simulator', status: 'CONNECTED' })
            .returning('id')
            .executeTakeFirstOrThrow(),
        );
      expect((await off.call('POST', `/whatsappsession/${row.id}`, { token })).status).toBe(200);
      const after = await off.call('GET', `/whatsapp/${row.id}`, { token });
      expect(after.body).toMatchObject({ status: 'DISCONNECTED', qrcode: '' });
    } finally {
      await off.close();
    }
  });

  it('answers 404 for unknown connections and 403 for non-admins', async () => {
    const { company, token } = await buildAdminSession(server);
    const sim = await createConnection(server, token, { provider: 'simulator' });
    const { token: userToken } = await login(server, await buildUser(server, company, { profile: 'user' }));
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const missing = await server.call(method, '/whatsappsession/2000000000', { token });
      expect(missing.status, method).toBe(404);
      expect(missing.body.error, method).toBe('ERR_NO_WAPP_FOUND');
      expect(
        (await server.call(method, `/whatsappsession/${sim.id}`, { token: userToken })).status,
        method,
      ).toBe(403);
    }
  });
});

describe('QR codes nobody scans', () => {
  let quick: TestServer;
  let quickUrl: string;
  beforeAll(async () => {
    quick = await startTestServer({ SIMULATOR_QR_MS: '250' });
    quickUrl = await quick.listen();
  });
  afterAll(() => quick.close());

  it('rotate, each counting one retry, and give up after three with DISCONNECTED and an empty QR', async () => {
    const { company, token } = await buildAdminSession(quick);
    const socket = await connect(quickUrl, token);
    const sim = await createConnection(quick, token, { provider: 'simulator' });
    await sessionWhen(socket, company.id, sim.id, (s) => s.status === 'DISCONNECTED');
    const seen = sessionsOf(socket, company.id, sim.id).map((s) => [s.status, s.qrcode, s.retries]);
    expect(seen).toEqual([
      ['OPENING', '', 0],
      ['qrcode', `zapdesk-sim:${sim.id}:1`, 1],
      ['qrcode', `zapdesk-sim:${sim.id}:2`, 2],
      ['qrcode', `zapdesk-sim:${sim.id}:3`, 3],
      ['DISCONNECTED', '', 3],
    ]);
    await pause(600);
    expect(sessionsOf(socket, company.id, sim.id)).toHaveLength(5);
  });
});

describe('connection events', () => {
  it('tells the company about saved and deleted connections, without the token', async () => {
    const { company, token } = await buildAdminSession(server);
    const socket = await connect(baseUrl, token);
    const event = `company-${company.id}-whatsapp`;
    const first = await createConnection(server, token, { name: 'Evented' });
    const second = await createConnection(server, token, { isDefault: true });
    await server.call('PUT', `/whatsapp/${first.id}`, { token, body: { name: 'Evented again' } });
    await server.call('DELETE', `/whatsapp/${second.id}`, { token });

    for (let waited = 0; waited < 5000 && socket.received(event).length < 6; waited += 25) await pause(25);
    const events = socket.received(event) as Array<{ action: string; whatsapp?: any; whatsappId?: number }>;
    const summary = events.map((e) =>
      e.action === 'delete'
        ? ['delete', e.whatsappId]
        : ['update', e.whatsapp.id, e.whatsapp.name, e.whatsapp.isDefault],
    );
    // Emits on different rooms' broadcasts may interleave in the cluster adapter: compare as a set.
    expect(summary).toHaveLength(6);
    expect(summary).toEqual(
      expect.arrayContaining([
        ['update', first.id, 'Evented', true],
        ['update', second.id, second.name, true],
        ['update', first.id, 'Evented', false],
        ['update', first.id, 'Evented again', false],
        ['update', first.id, 'Evented again', true],
        ['delete', second.id],
      ]),
    );
    for (const e of events) if (e.whatsapp) expect(e.whatsapp).not.toHaveProperty('token');
  });
});
