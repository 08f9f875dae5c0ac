import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { eventually, uniquePhone } from '../../../test/messaging-fixtures';
import { buildContactList, connectedSimulator } from '../contact-lists/contact-lists.fixtures';
import { campaignWhen, phonesReceived, saveSettings } from './campaigns.fixtures';
import { CONFIRMATION_DELAY_MAX_MS } from './dispatch/campaign-confirmation';

// Issue 19's open items, end to end through the simulator: batches with interval 0 keep the longer pause exact,
// the confirmation's main message waits a random 0–10 s, a cancel withholds what the outbox still holds, and a
// campaign queued far ahead of the per-connection limit never holds up a conversation.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SIMULATOR_ACK_MS: '40,80' });
  await server.listen();
  server.modules.campaigns.timing.sweepMs = 100;
});
afterAll(() => server.close());

/** The outbox's per-connection limit for connections whose first send comes next (the production mechanism). */
function sendRate(capacity: number, perSecond: number) {
  Object.assign(server.messaging.outbound.worker.rate, { capacity, perSecond });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function world(contacts: number, settings: Record<string, unknown>) {
  const session = await buildAdminSession(server);
  const connection = await connectedSimulator(server, session.token);
  await saveSettings(server, session.token, settings);
  const people = Array.from({ length: contacts }, (_, i) => ({
    name: `Pessoa ${String(i).padStart(2, '0')}`,
    number: uniquePhone(),
  }));
  const list = await buildContactList(server, session.company.id, people);
  const schedule = async (extra: Record<string, unknown> = {}) => {
    const answer = await server.call('POST', '/campaigns', {
      token: session.token,
      body: {
        name: 'Campanha',
        message1: 'Oferta para {nome}',
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
  const asCompany = <T>(fn: Parameters<ReturnType<typeof server.ctx.scopes.tenant>['run']>[0]) =>
    server.ctx.scopes.tenant(session.company.id).run(fn) as Promise<T>;
  return { ...session, connection, people, list, schedule, received, asCompany };
}

describe('campaign sending (issue 19)', () => {
  it('with interval 0 sends in batches yet waits greaterInterval after every N messages', async () => {
    sendRate(1000, 1000);
    const w = await world(12, { messageInterval: 0, longerIntervalAfter: 5, greaterInterval: 1.5 });
    const id = await w.schedule();
    await campaignWhen(server, w.token, id, (c) => c.status === 'FINALIZADA', 20_000);
    const got = await w.received();
    expect(got).toHaveLength(12);
    expect(new Set(got.map((m) => m.peer)).size).toBe(12);
    // Dispatched in three transactions of 5, 5 and 2 rows, each batch at least the pause after the one before.
    const rows = await w.asCompany<Array<{ queuedAt: Date | null }>>((tx) =>
      tx
        .selectFrom('campaignShipping')
        .where('campaignId', '=', id)
        .select('queuedAt')
        .orderBy('id')
        .execute(),
    );
    const batches = [...new Set(rows.map((r) => r.queuedAt?.getTime() ?? Number.NaN))].sort((a, b) => a - b);
    expect(rows.map((r) => batches.indexOf(r.queuedAt?.getTime() ?? Number.NaN))).toEqual([
      0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2,
    ]);
    for (let i = 1; i < batches.length; i++) {
      expect((batches[i] ?? 0) - (batches[i - 1] ?? 0), batches.join(',')).toBeGreaterThanOrEqual(1500);
    }
    // On the phones, each batch's first message arrives at least the pause after the one before, give or take
    // the outbox's own work (0.1 s); late by at most 2.5 s on this shared machine under load (a batch's transaction
    // and the sends before it).
    const times = got.map((m) => new Date(m.createdAt).getTime());
    const at = (i: number) => times[i] ?? Number.NaN;
    for (const [from, to] of [
      [0, 5],
      [5, 10],
    ] as const) {
      expect(at(to) - at(from), times.join(',')).toBeGreaterThanOrEqual(1500 - 100);
      expect(at(to) - at(from), times.join(',')).toBeLessThanOrEqual(4000);
    }
  }, 30_000);

  it('sends the main message a random 0–10 s after the reply, outside the pause, once per confirmed contact', async () => {
    sendRate(1000, 1000);
    // Three requests go at once, then a long pause: the replies come in it, and their main messages do not wait
    // for it. The fourth contact is still waiting when the test ends.
    const w = await world(4, { messageInterval: 0, longerIntervalAfter: 3, greaterInterval: 60 });
    const id = await w.schedule({
      confirmation: true,
      confirmationMessage1: '{nome}, posso enviar? Responda SIM',
    });
    const asked = w.people.slice(0, 3);
    await eventually(async () => ((await w.received()).length >= 3 ? true : undefined), 10_000);
    for (const person of asked) {
      const reply = await server.call('POST', `/simulator/connections/${w.connection.id}/inbound`, {
        token: w.token,
        body: { from: person.number, name: person.name, body: 'SIM' },
      });
      expect(reply.status).toBe(200);
    }
    const mains = await eventually(async () => {
      const got = (await w.received()).filter((m) => m.body.startsWith('Oferta'));
      return got.length >= 3 ? got : undefined;
    }, CONFIRMATION_DELAY_MAX_MS + 8000);
    const rows = await w.asCompany<
      Array<{ number: string; confirmedAt: Date | null; sendAfter: Date | null }>
    >((tx) =>
      tx
        .selectFrom('campaignShipping')
        .where('campaignId', '=', id)
        .select(['number', 'confirmedAt', 'sendAfter'])
        .execute(),
    );
    for (const person of asked) {
      const row = rows.find((r) => r.number === person.number);
      const main = mains.filter((m) => m.peer === person.number);
      expect(main.map((m) => m.body)).toEqual([`Oferta para ${person.name}`]);
      if (!row?.confirmedAt || !row.sendAfter) throw new Error(`row of ${person.number} not confirmed`);
      const delay = row.sendAfter.getTime() - row.confirmedAt.getTime();
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThanOrEqual(CONFIRMATION_DELAY_MAX_MS);
      // Received once its time came (10 ms of clock rounding), and within the dispatcher's poll and a send after.
      const receivedAt = new Date(main[0]?.createdAt ?? 0).getTime();
      expect(receivedAt).toBeGreaterThanOrEqual(row.sendAfter.getTime() - 10);
      expect(receivedAt).toBeLessThanOrEqual(row.sendAfter.getTime() + 3000);
    }
    // The fourth contact is still in the pause: not asked yet, and nothing else reached anyone.
    const got = await w.received();
    expect(got.map((m) => m.peer)).not.toContain(w.people[3]?.number);
    expect(got).toHaveLength(6);
    expect((await server.call('POST', `/campaigns/${id}/cancel`, { token: w.token })).status).toBe(204);
  }, 40_000);

  it('cancel withholds the sends still queued in the outbox; restart delivers each of them once', async () => {
    // A slow connection: the dispatcher queues the whole campaign at once, the outbox delivers 2 per second.
    sendRate(2, 2);
    const w = await world(16, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const id = await w.schedule();
    await eventually(async () => ((await w.received()).length >= 4 ? true : undefined), 10_000);
    expect((await server.call('POST', `/campaigns/${id}/cancel`, { token: w.token })).status).toBe(204);
    const atCancel = (await w.received()).length;
    expect(atCancel).toBeLessThan(16);
    const queue = () =>
      w.asCompany<Array<{ status: string; n: number }>>((tx) =>
        tx
          .selectFrom('outbox')
          .innerJoin('messages', 'messages.id', 'outbox.messageId')
          .where('messages.origin', '=', 'campaign')
          .where('outbox.whatsappId', '=', w.connection.id)
          .groupBy('outbox.status')
          .select(['outbox.status', (eb) => eb.fn.countAll<number>().as('n')])
          .execute(),
      );
    // Every row was queued before the cancel; what had not left is held, nothing is pending.
    const held = await queue();
    expect(Object.fromEntries(held.map((r) => [r.status, Number(r.n)]))).toEqual({
      sent: atCancel,
      held: 16 - atCancel,
    });
    await sleep(1500);
    expect(await w.received()).toHaveLength(atCancel);

    expect((await server.call('POST', `/campaigns/${id}/restart`, { token: w.token })).status).toBe(204);
    const done = await campaignWhen(server, w.token, id, (c) => c.status === 'FINALIZADA', 20_000);
    expect(done.report).toMatchObject({ delivered: 16, failed: 0, total: 16 });
    const got = await w.received();
    expect(got).toHaveLength(16);
    expect(new Set(got.map((m) => m.peer))).toEqual(new Set(w.people.map((p) => p.number)));
    // The same messages went: no second message was stored for anyone.
    const stored = await w.asCompany<Array<{ n: number }>>((tx) =>
      tx
        .selectFrom('messages')
        .where('origin', '=', 'campaign')
        .where('whatsappId', '=', w.connection.id)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .execute(),
    );
    expect(Number(stored[0]?.n)).toBe(16);
  }, 40_000);

  it('deleting a cancelled campaign drops its held sends for good; their messages stay as deleted', async () => {
    sendRate(1, 1);
    const w = await world(6, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const id = await w.schedule();
    await eventually(async () => ((await w.received()).length >= 1 ? true : undefined), 10_000);
    expect((await server.call('POST', `/campaigns/${id}/cancel`, { token: w.token })).status).toBe(204);
    const atCancel = (await w.received()).length;
    expect(atCancel).toBeLessThan(6);
    expect((await server.call('DELETE', `/campaigns/${id}`, { token: w.token })).status).toBe(200);
    const messages = await w.asCompany<Array<{ isDeleted: boolean; wid: string | null; queued: number }>>(
      (tx) =>
        tx
          .selectFrom('messages')
          .where('origin', '=', 'campaign')
          .where('whatsappId', '=', w.connection.id)
          .select((eb) => [
            'isDeleted',
            'wid',
            eb
              .selectFrom('outbox')
              .whereRef('outbox.messageId', '=', 'messages.id')
              .where('outbox.status', 'in', ['pending', 'held'])
              .select((o) => o.fn.countAll<number>().as('n'))
              .as('queued'),
          ])
          .execute(),
    );
    // Sent ones untouched; the rest never leaves: nothing queued for them, kept in the tickets as deleted.
    expect(messages).toHaveLength(6);
    expect(messages.filter((m) => m.wid !== null && !m.isDeleted)).toHaveLength(atCancel);
    expect(messages.filter((m) => m.wid === null && m.isDeleted)).toHaveLength(6 - atCancel);
    expect(messages.every((m) => Number(m.queued) === 0)).toBe(true);
    await sleep(1500);
    expect(await w.received()).toHaveLength(atCancel);
  }, 30_000);

  it('a campaign queued ahead of the send limit does not hold up an agent reply on the same connection', async () => {
    sendRate(2, 2);
    const w = await world(20, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const customer = uniquePhone();
    await server.call('POST', `/simulator/connections/${w.connection.id}/inbound`, {
      token: w.token,
      body: { from: customer, name: 'Cliente', body: 'Olá, preciso de ajuda' },
    });
    const ticket = await eventually(() =>
      w.asCompany<{ id: number } | undefined>((tx) =>
        tx
          .selectFrom('tickets')
          .innerJoin('contacts', 'contacts.id', 'tickets.contactId')
          .where('contacts.number', '=', customer)
          .select('tickets.id')
          .executeTakeFirst(),
      ),
    );
    const id = await w.schedule();
    // The whole campaign is queued (20 sends at 2 per second: ten seconds of backlog) before the agent answers.
    await eventually(async () => {
      const queued = await w.asCompany<Array<{ n: number }>>((tx) =>
        tx
          .selectFrom('campaignShipping')
          .where('campaignId', '=', id)
          .where('queuedAt', 'is not', null)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .execute(),
      );
      return Number(queued[0]?.n) === 20 ? true : undefined;
    }, 10_000);
    const sentAt = Date.now();
    const reply = await server.call('POST', `/messages/${ticket.id}`, {
      token: w.token,
      body: { body: 'Claro, como posso ajudar?' },
    });
    expect(reply.status).toBe(200);
    const answer = await eventually(async () => {
      const got = await w.received();
      return got.find((m) => m.peer === customer && m.body === 'Claro, como posso ajudar?');
    }, 5000);
    // Next in line after at most one token's wait (half a second), not behind the campaign's ten seconds.
    expect(new Date(answer.createdAt).getTime() - sentAt).toBeLessThan(2500);
    const people = new Set(w.people.map((p) => p.number));
    const campaignSentBefore = (await w.received()).filter(
      (m) => people.has(m.peer) && new Date(m.createdAt) <= new Date(answer.createdAt),
    );
    expect(campaignSentBefore.length).toBeLessThan(20);
    await campaignWhen(server, w.token, id, (c) => c.status === 'FINALIZADA', 20_000);
  }, 40_000);
});
