import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession, buildUser, login } from '../../../../test/factories';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { pause } from '../../../../test/socket-client';
import { SIMULATED_PHONEBOOK } from './phonebook';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SIMULATOR_ACK_MS: '60,150' });
});
afterAll(() => server.close());

const CUSTOMER = '5511987654321';

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 5000,
): Promise<T> {
  const began = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - began > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await pause(25);
  }
}

/** A company with a paired simulator connection. */
async function connectedSimulator() {
  const admin = await buildAdminSession(server);
  const created = await server.call('POST', '/whatsapp', {
    token: admin.token,
    body: { name: 'Simulated', provider: 'simulator' },
  });
  const id = created.body.id as number;
  const status = async () =>
    (await server.call('GET', `/whatsapp/${id}`, { token: admin.token })).body.status;
  await until('a QR code', async () => (await status()) === 'qrcode');
  const scan = await server.call('POST', `/simulator/connections/${id}/scan`, { token: admin.token });
  expect(scan.status).toBe(200);
  await until('CONNECTED', async () => (await status()) === 'CONNECTED');
  return { ...admin, id, number: scan.body.number as string };
}

/** Message events the connection's session handed to the inbound pipeline (not the phonebook sync). */
const storedEvents = (companyId: number, whatsappId: number) =>
  server.ctx.scopes
    .tenant(companyId)
    .run((tx) =>
      tx
        .selectFrom('inboundEvents')
        .where('whatsappId', '=', whatsappId)
        .where('eventId', 'not like', 'sync:%')
        .select(['eventId', 'payload'])
        .orderBy('id')
        .execute(),
    );

describe('simulator routes', () => {
  it('plays a customer message into the pipeline, redelivering the same id without duplicating it', async () => {
    const { company, token, id } = await connectedSimulator();
    const played = await server.call('POST', `/simulator/connections/${id}/inbound`, {
      token,
      body: { from: '+55 (11) 98765-4321', name: 'Maria', body: 'Oi, tudo bem?' },
    });
    expect(played.status).toBe(200);
    expect(played.body.externalId).toMatch(/^3A[0-9A-F]{18}$/);
    const [event] = await until('the stored event', async () => {
      const rows = await storedEvents(company.id, id);
      return rows.length > 0 && rows;
    });
    expect(event?.eventId).toBe(played.body.externalId);
    expect(event?.payload).toMatchObject({
      type: 'message.received',
      message: { chatId: CUSTOMER, pushName: 'Maria', kind: 'text', text: 'Oi, tudo bem?', fromMe: false },
    });

    const again = await server.call('POST', `/simulator/connections/${id}/inbound`, {
      token,
      body: { from: CUSTOMER, body: 'ignored on redelivery', externalId: played.body.externalId },
    });
    expect(again.body).toEqual({ externalId: played.body.externalId });
    await pause(200);
    expect(await storedEvents(company.id, id)).toHaveLength(1);
  });

  it('plays every message type, media with a sample file when none is given', async () => {
    const { company, token, id } = await connectedSimulator();
    const bodies = [
      { type: 'image', media: { fileName: 'cat.png', mimetype: 'image/png', base64: 'iVBORw0KGgo=' } },
      { type: 'audio' },
      { type: 'video', body: 'watch this' },
      { type: 'document' },
      { type: 'location', location: { latitude: -22.9, longitude: -43.2, name: 'Rio' } },
      { type: 'vcard', name: 'João' },
      { type: 'call' },
    ];
    const ids: string[] = [];
    for (const body of bodies) {
      const answer = await server.call('POST', `/simulator/connections/${id}/inbound`, {
        token,
        body: { from: CUSTOMER, ...body },
      });
      expect(answer.status, body.type).toBe(200);
      ids.push(answer.body.externalId);
    }
    const events = await until('all stored', async () => {
      const rows = await storedEvents(company.id, id);
      return rows.length === bodies.length && rows;
    });
    const payloads = events.map((e) => e.payload as any);
    expect(payloads.map((p) => p.message?.kind ?? p.type)).toEqual([
      'image',
      'audio',
      'video',
      'document',
      'location',
      'vcard',
      'call',
    ]);
    expect(payloads[0].message.media).toMatchObject({ mimetype: 'image/png', fileName: 'cat.png', size: 8 });
    expect(payloads[1].message.media).toMatchObject({ mimetype: 'audio/ogg' });
    expect(payloads[2].message).toMatchObject({ text: 'watch this', media: { mimetype: 'video/mp4' } });
    expect(payloads[3].message.media).toMatchObject({ mimetype: 'application/pdf', fileName: 'sample.pdf' });
    expect(payloads[4].message.location).toEqual({ latitude: -22.9, longitude: -43.2, name: 'Rio' });
    expect(payloads[5].message.vcards[0]).toMatchObject({ displayName: 'João' });
    expect(payloads[5].message.vcards[0].vcard).toContain(`waid=${CUSTOMER}`);
    expect(payloads[6]).toMatchObject({ type: 'call', callId: ids[6], from: CUSTOMER, isVideo: false });

    const session = server.messaging.sessions.local(id);
    if (!session) throw new Error('no local session');
    const image = await session.downloadMedia(payloads[0].message.media);
    expect(image.data.toString('base64')).toBe('iVBORw0KGgo=');
  });

  it('lists what our side sent to a number with acks advancing on their own, the ninth digit added', async () => {
    const { token, id } = await connectedSimulator();
    const session = server.messaging.sessions.local(id);
    if (!session) throw new Error('no local session');
    const first = await session.send({ to: '551187654321', text: 'Primeira' }, 'k1');
    const second = await session.send({ to: CUSTOMER, text: 'Segunda' }, 'k2');
    await session.send({ to: '5511911112222', text: 'Someone else' }, 'k3');

    const outbox = async () =>
      (await server.call('GET', `/simulator/connections/${id}/outbox?to=${CUSTOMER}`, { token }))
        .body as any[];
    const fresh = await outbox();
    expect(fresh.map((m) => [m.externalId, m.body, m.to])).toEqual([
      [first.wid, 'Primeira', CUSTOMER],
      [second.wid, 'Segunda', CUSTOMER],
    ]);
    expect(fresh[0]).toMatchObject({ type: 'text', fileName: null, isDeleted: false });
    const read = await until('read', async () => {
      const items = await outbox();
      return items.every((m) => m.ack === 3) && items;
    });
    expect(read).toHaveLength(2);
    const byLegacyNumber = await server.call('GET', `/simulator/connections/${id}/outbox?to=551187654321`, {
      token,
    });
    expect(byLegacyNumber.body).toHaveLength(2);
  });

  it('refuses to scan without a QR code, to play on a disconnected phone, and bad input', async () => {
    const { token, id } = await connectedSimulator();
    const scan = await server.call('POST', `/simulator/connections/${id}/scan`, { token });
    expect(scan.status).toBe(400);

    const cases: Array<[unknown, string]> = [
      [{ from: CUSTOMER }, 'body'],
      [{ from: '123', body: 'x' }, 'from'],
      [{ from: CUSTOMER, body: 'x', type: 'sticker' }, 'type'],
      [
        { from: CUSTOMER, type: 'image', media: { fileName: 'a.png', mimetype: 'png', base64: 'AA==' } },
        'media.mimetype',
      ],
      [{ from: CUSTOMER, body: 'x', externalId: 'has spaces' }, 'externalId'],
    ];
    for (const [body, field] of cases) {
      const answer = await server.call('POST', `/simulator/connections/${id}/inbound`, { token, body });
      expect(answer.status, field).toBe(400);
      expect(Object.keys(answer.body.fields), field).toContain(field);
    }

    await server.call('DELETE', `/whatsappsession/${id}`, { token });
    const offline = await server.call('POST', `/simulator/connections/${id}/inbound`, {
      token,
      body: { from: CUSTOMER, body: 'anyone there?' },
    });
    expect(offline.status).toBe(400);
    expect(offline.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
  });

  it('answers 404 for connections that are not simulators, and to non-admins 403', async () => {
    const { company, token } = await buildAdminSession(server);
    const beta = await server.call('POST', '/whatsapp', { token, body: { name: 'Real phone' } });
    const scan = await server.call('POST', `/simulator/connections/${beta.body.id}/scan`, { token });
    expect(scan.status).toBe(404);
    expect(scan.body.error).toBe('ERR_NO_WAPP_FOUND');
    const { token: userToken } = await login(server, await buildUser(server, company, { profile: 'user' }));
    const outbox = await server.call('GET', `/simulator/connections/${beta.body.id}/outbox?to=${CUSTOMER}`, {
      token: userToken,
    });
    expect(outbox.status).toBe(403);
  });

  it("shares the linked phone's address book: the phone import adds its people, not its group, once", async () => {
    const { company, token, id } = await connectedSimulator();
    await until('the phonebook stored', async () => {
      const rows = await server.ctx.scopes
        .tenant(company.id)
        .run((tx) => tx.selectFrom('whatsappContacts').where('whatsappId', '=', id).select('jid').execute());
      return rows.length === SIMULATED_PHONEBOOK.length;
    });

    const imported = await server.call('POST', '/contacts/import', { token });
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({ count: 3 });
    const list = await server.call('GET', '/contacts?searchParam=agenda', { token });
    expect(
      (list.body.contacts as Array<{ name: string; number: string }>).map((c) => [c.name, c.number]),
    ).toEqual([
      ['Ana Agenda', '5511987650001'],
      ['Bruno Agenda', '5521987650002'],
      ['Carla Agenda', '5531987650003'],
    ]);
    expect((await server.call('POST', '/contacts/import', { token })).body).toEqual({ count: 0 });
  });

  it('answers 404 on every route when the simulator is off', async () => {
    const off = await startTestServer({ SIMULATOR: 'off' });
    try {
      const { company, token } = await buildAdminSession(off);
      const row = await off.ctx.scopes
        .tenant(company.id)
        .run((tx) =>
          tx
            .insertInto('whatsapps')
            .values({ companyId: company.id, name: 'Sim', provider: 'simulator', status: 'qrcode' })
            .returning('id')
            .executeTakeFirstOrThrow(),
        );
      const answers = [
        await off.call('POST', `/simulator/connections/${row.id}/scan`, { token }),
        await off.call('POST', `/simulator/connections/${row.id}/inbound`, {
          token,
          body: { from: CUSTOMER, body: 'hi' },
        }),
        await off.call('GET', `/simulator/connections/${row.id}/outbox?to=${CUSTOMER}`, { token }),
      ];
      expect(answers.map((a) => a.status)).toEqual([404, 404, 404]);
    } finally {
      await off.close();
    }
  });
});
