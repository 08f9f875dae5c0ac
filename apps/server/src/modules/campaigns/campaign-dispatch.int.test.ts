import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { eventually, uniquePhone } from '../../../test/messaging-fixtures';
import { buildContactList, connectedSimulator } from '../contact-lists/contact-lists.fixtures';
import { campaignWhen, phonesReceived, saveSettings } from './campaigns.fixtures';

// End to end through the simulator: what the simulated phones received, and when.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SIMULATOR_ACK_MS: '40,80' });
  await server.listen();
  server.modules.campaigns.timing.sweepMs = 100;
  // The outbox's per-connection limit (10/s) is not what these tests measure.
  Object.assign(server.messaging.outbound.worker.rate, { capacity: 1000, perSecond: 1000 });
});
afterAll(() => server.close());

const variants = {
  message1: 'Oi {nome}, seu cupom é {cupom}',
  message2: '',
  message3: 'Olá {nome} ({email}), use {cupom}',
  message4: '   ',
  message5: 'E aí {nome}? Número {numero}',
};

async function world(contacts: number, settings: Record<string, unknown>) {
  const session = await buildAdminSession(server);
  const connection = await connectedSimulator(server, session.token);
  await saveSettings(server, session.token, { variables: [{ key: 'cupom', value: 'ZAP10' }], ...settings });
  const people = Array.from({ length: contacts }, (_, i) => ({
    name: `Pessoa ${String(i).padStart(2, '0')}`,
    number: uniquePhone(),
    email: `p${i}@x.test`,
  }));
  const list = await buildContactList(server, session.company.id, [
    ...people,
    // Grey items (not on WhatsApp) get nothing.
    { name: 'Fora', number: uniquePhone(), isWhatsappValid: false },
    { name: 'Sem checagem', number: uniquePhone(), isWhatsappValid: null },
  ]);
  const schedule = async (extra: Record<string, unknown> = {}) => {
    const answer = await server.call('POST', '/campaigns', {
      token: session.token,
      body: {
        name: 'Campanha',
        ...variants,
        contactListId: list.id,
        whatsappId: connection.id,
        scheduledAt: new Date(Date.now() - 1000).toISOString(),
        ...extra,
      },
    });
    if (answer.status !== 200) throw new Error(`campaign not created: ${JSON.stringify(answer.body)}`);
    return answer.body.id as number;
  };
  const received = () => phonesReceived(server, session.company.id, connection.id);
  return { ...session, connection, people, list, schedule, received };
}

const rendered = (p: { name: string; email: string; number: string }) => [
  `Oi ${p.name}, seu cupom é ZAP10`,
  `Olá ${p.name} (${p.email}), use ZAP10`,
  `E aí ${p.name}? Número ${p.number}`,
];

describe('campaign dispatch', () => {
  it('delivers exactly one message per valid contact, rendered from a non-empty variant, then FINALIZADA', async () => {
    const w = await world(50, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const id = await w.schedule();
    const done = await campaignWhen(server, w.token, id, (c) => c.status === 'FINALIZADA', 60_000);
    expect(done.report).toMatchObject({ validContacts: 50, delivered: 50, failed: 0, total: 50 });
    expect(done.completedAt).not.toBeNull();

    const got = await w.received();
    expect(got).toHaveLength(50);
    const byPhone = new Map(got.map((m) => [m.peer, m.body]));
    expect(byPhone.size).toBe(50);
    const used = new Set<number>();
    for (const person of w.people) {
      const body = byPhone.get(person.number);
      expect(rendered(person)).toContain(body);
      used.add(rendered(person).indexOf(body ?? ''));
    }
    expect(used.size).toBeGreaterThan(1);

    // Stored in each contact's ticket (origin campaign), which stays closed: the inbox is not flooded.
    const tickets = await server.ctx.scopes
      .tenant(w.company.id)
      .run((tx) =>
        tx
          .selectFrom('messages')
          .innerJoin('tickets', 'tickets.id', 'messages.ticketId')
          .where('messages.origin', '=', 'campaign')
          .select(['tickets.status', 'messages.fromMe'])
          .execute(),
      );
    expect(tickets).toHaveLength(50);
    expect(new Set(tickets.map((t) => `${t.status}:${t.fromMe}`))).toEqual(new Set(['closed:true']));
  }, 90_000);

  it('sends the file list files, then the media with the text as caption', async () => {
    const w = await world(2, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const fileList = await server.call('POST', '/files', {
      token: w.token,
      body: { name: 'Catálogo', message: 'x', options: [{ name: 'Tabela' }] },
    });
    const form = new FormData();
    form.append('files', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'tabela.pdf');
    form.append('mediaType', 'application/pdf');
    form.append('id', String(fileList.body.options[0].id));
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    await server.call('POST', `/files/uploadList/${fileList.body.id}`, {
      token: w.token,
      body: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    });
    const id = await w.schedule({ fileListId: fileList.body.id, scheduledAt: null });
    const media = new FormData();
    media.append('file', new Blob(['png-bytes'], { type: 'image/png' }), 'promo.png');
    const mediaRequest = new Request('http://localhost/', { method: 'POST', body: media });
    await server.call('POST', `/campaigns/${id}/media-upload`, {
      token: w.token,
      body: Buffer.from(await mediaRequest.arrayBuffer()),
      headers: { 'content-type': mediaRequest.headers.get('content-type') ?? '' },
    });
    await server.call('PUT', `/campaigns/${id}`, {
      token: w.token,
      body: {
        name: 'Campanha',
        message1: 'Promo {nome}',
        contactListId: w.list.id,
        whatsappId: w.connection.id,
        fileListId: fileList.body.id,
        scheduledAt: new Date().toISOString(),
      },
    });
    await campaignWhen(server, w.token, id, (c) => c.status === 'FINALIZADA');
    const person = w.people[0];
    if (!person) throw new Error('no people');
    const got = (await w.received()).filter((m) => m.peer === person.number);
    expect(got.map((m) => [m.type, m.body, m.mediaFileName])).toEqual([
      ['document', 'Tabela', 'tabela.pdf'],
      ['image', `Promo ${person.name}`, 'promo.png'],
    ]);
  });

  it('paces sends by messageInterval (+0–20 %) and waits greaterInterval after every N messages', async () => {
    const w = await world(6, { messageInterval: 0.5, longerIntervalAfter: 3, greaterInterval: 2.5 });
    const id = await w.schedule();
    await campaignWhen(server, w.token, id, (c) => c.status === 'FINALIZADA', 20_000);
    const times = (await w.received()).map((m) => new Date(m.createdAt).getTime());
    expect(times).toHaveLength(6);
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? t));
    // Tolerance: never early (10 ms of clock rounding); at most 1 s late beyond the 20 % random extra: the next
    // send's own transaction, which takes that long on this shared two-core machine under load (tens of ms on an
    // idle one). That still tells the 0.6 s gaps from the 2.5 s ones.
    const expected = [500, 500, 2500, 500, 500];
    gaps.forEach((gap, i) => {
      const base = expected[i] ?? 0;
      const max = base === 2500 ? base + 1000 : base * 1.2 + 1000;
      expect(gap, `gap ${i + 1}: ${gaps.join(', ')}`).toBeGreaterThanOrEqual(base - 10);
      expect(gap, `gap ${i + 1}: ${gaps.join(', ')}`).toBeLessThanOrEqual(max);
    });
  });

  it('stops within one interval when cancelled and a restart delivers only the rest, with no duplicate', async () => {
    const w = await world(10, { messageInterval: 0.25, longerIntervalAfter: 0, greaterInterval: 0 });
    const id = await w.schedule();
    await eventually(async () => ((await w.received()).length >= 3 ? true : undefined), 10_000);
    expect((await server.call('POST', `/campaigns/${id}/cancel`, { token: w.token })).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const atCancel = (await w.received()).length;
    await new Promise((resolve) => setTimeout(resolve, 800));
    const later = await w.received();
    expect(later.length).toBe(atCancel);
    expect(later.length).toBeLessThan(10);
    expect((await server.call('GET', `/campaigns/${id}`, { token: w.token })).body.status).toBe('CANCELADA');

    expect((await server.call('POST', `/campaigns/${id}/restart`, { token: w.token })).status).toBe(204);
    const done = await campaignWhen(server, w.token, id, (c) => c.status === 'FINALIZADA', 20_000);
    expect(done.report).toMatchObject({ delivered: 10, total: 10 });
    const got = await w.received();
    expect(got).toHaveLength(10);
    expect(new Set(got.map((m) => m.peer))).toEqual(new Set(w.people.map((p) => p.number)));
  });

  it('pauses while its connection is disconnected and resumes where it was', async () => {
    const w = await world(4, { messageInterval: 0.2, longerIntervalAfter: 0, greaterInterval: 0 });
    const setStatus = (status: 'CONNECTED' | 'DISCONNECTED') =>
      server.ctx.scopes
        .tenant(w.company.id)
        .run((tx) => tx.updateTable('whatsapps').set({ status }).where('id', '=', w.connection.id).execute());
    await setStatus('DISCONNECTED');
    const id = await w.schedule();
    await campaignWhen(server, w.token, id, (c) => c.status === 'EM_ANDAMENTO');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await w.received()).toEqual([]);
    await setStatus('CONNECTED');
    await campaignWhen(server, w.token, id, (c) => c.status === 'FINALIZADA', 15_000);
    expect(await w.received()).toHaveLength(4);
  });

  it('asks for confirmation first and sends the main message only to who replied; unanswered rows still finish', async () => {
    // Paced so the campaign is still running when the first contact answers.
    const w = await world(3, { messageInterval: 1, longerIntervalAfter: 0, greaterInterval: 0 });
    const [yes] = w.people;
    if (!yes) throw new Error('no people');
    const id = await w.schedule({
      confirmation: true,
      confirmationMessage1: '{nome}, posso enviar a oferta? Responda SIM',
    });
    await eventually(
      async () => ((await w.received()).some((m) => m.peer === yes.number) ? true : undefined),
      15_000,
    );
    const reply = await server.call('POST', `/simulator/connections/${w.connection.id}/inbound`, {
      token: w.token,
      body: { from: yes.number, name: yes.name, body: 'SIM' },
    });
    expect(reply.status).toBe(200);
    const done = await campaignWhen(server, w.token, id, (c) => c.status === 'FINALIZADA', 20_000);
    expect(done.report).toMatchObject({ confirmationRequested: 3, confirmed: 1, delivered: 1, failed: 0 });
    const got = await w.received();
    const asks = got.filter((m) => m.body.includes('posso enviar'));
    expect(asks.map((m) => m.peer).sort()).toEqual(w.people.map((p) => p.number).sort());
    expect(asks.find((m) => m.peer === yes.number)?.body).toBe(
      `${yes.name}, posso enviar a oferta? Responda SIM`,
    );
    const main = got.filter((m) => !m.body.includes('posso enviar'));
    expect(main.map((m) => m.peer)).toEqual([yes.number]);
    expect(rendered(yes)).toContain(main[0]?.body);
  });
});
