// Campaigns at volume (issue 19): a 10,000-row list sheet imported through POST /contact-lists/:id/upload, then a
// 10,000-contact campaign with every interval at 0 on one simulator connection. Reports three figures:
// - dispatched: rows whose messages were stored in the contacts' tickets and queued to the outbox, committed
//   (from the shipping rows' queuedAt), per second. The dispatcher does this in batches of up to 200 rows.
// - delivered: messages the simulated phones received per second while the campaign dispatched, which the
//   outbox's per-connection send limit bounds (SEND_RATE, 20 then 10/s; the simulator gets it too unless
//   SIMULATOR_SEND_RATE says otherwise: decision 0018).
// - cancel: how long POST /campaigns/:id/cancel takes to withhold every send still queued, and that no phone
//   receives anything after it.
// Checks there is no duplicate: one shipping row, one stored message and at most one received message per contact.
import os from 'node:os';
import writeXlsxFile from 'write-excel-file/node';
import { loginToken } from '../lib/auth';
import type { Benchmark } from '../lib/benchmark';
import { createCompanyWithUsers } from '../lib/data';
import { summarize, type LoadResult } from '../lib/load';

const ROWS = 10_000;
/**
 * How long the dispatch is measured at most: on a loaded shared machine 10,000 sends may take longer than a bench
 * run should; the rate is then the rows queued in the window, and the campaign is cancelled after it.
 */
const DISPATCH_WINDOW_MS = 120_000;
/** How long the phones' receive rate is watched once dispatch has finished. */
const DELIVERY_WINDOW_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call<T>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const answer = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function sheet(): Promise<Buffer> {
  const cell = (value: string | number) => ({ value });
  const rows = Array.from({ length: ROWS }, (_, i) => [
    cell(`Cliente ${i}`),
    cell(String(5521_900_000_000 + i)),
    cell(i % 4 === 0 ? `c${i}@bench.test` : ''),
  ]);
  return writeXlsxFile([[cell('nome'), cell('número'), cell('e-mail')], ...rows]).toBuffer();
}

export const campaignDispatchBenchmark: Benchmark = {
  name: 'campaign-dispatch',
  async run({ baseUrl, db, log }) {
    const company = await createCompanyWithUsers(db, 0);
    const token = await loginToken(baseUrl, company.admin.email);
    const connection = await call<{ id: number }>(baseUrl, token, 'POST', '/whatsapp', {
      name: 'Bench campaigns',
      provider: 'simulator',
    });
    for (let i = 0; ; i++) {
      const scan = await fetch(`${baseUrl}/simulator/connections/${connection.id}/scan`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      if (scan.ok) break;
      if (i > 60) throw new Error('the simulator never showed a QR code');
      await sleep(500);
    }
    const list = await call<{ id: number }>(baseUrl, token, 'POST', '/contact-lists', { name: 'Bench 10k' });

    log(`writing a ${ROWS}-row list sheet`);
    const file = await sheet();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'bench.xlsx');
    const t0 = performance.now();
    const imported = await fetch(`${baseUrl}/contact-lists/${list.id}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const importMs = performance.now() - t0;
    const answer = (await imported.json()) as { contacts: unknown[] };
    if (!imported.ok || answer.contacts.length !== ROWS)
      throw new Error(`import answered ${imported.status}`);
    log(`import rate: ${((ROWS * 1000) / importMs).toFixed(0)} rows/s`);
    const importResult = summarize(
      `POST /contact-lists/:id/upload of a ${ROWS}-row .xlsx`,
      1,
      [importMs],
      { [imported.status]: 1 },
      1,
      importMs,
    );

    // The background WhatsApp check runs at its own pace (20 numbers/s); the bench marks the items checked.
    await db.query('update contact_list_items set is_whatsapp_valid = true where contact_list_id = $1', [
      list.id,
    ]);
    await call(baseUrl, token, 'POST', '/campaign-settings', {
      settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 },
    });
    const campaign = await call<{ id: number }>(baseUrl, token, 'POST', '/campaigns', {
      name: 'Bench 10k',
      message1: 'Oi {nome}, oferta {numero}',
      message2: 'Olá {nome}!',
      contactListId: list.id,
      whatsappId: connection.id,
      scheduledAt: new Date().toISOString(),
    });
    log(`dispatching ${ROWS} contacts (measured for up to ${DISPATCH_WINDOW_MS / 1000} s)`);
    const received = async () =>
      Number(
        (
          await db.query<{ n: string }>(
            `select count(*) as n from simulator_messages where whatsapp_id = $1 and direction = 'out'`,
            [connection.id],
          )
        ).rows[0]?.n,
      );
    const loads: number[] = [];
    const started = performance.now();
    for (;;) {
      loads.push(os.loadavg()[0] ?? 0);
      const { rows } = await db.query<{ queued: string }>(
        'select count(queued_at) as queued from campaign_shipping where campaign_id = $1',
        [campaign.id],
      );
      if (Number(rows[0]?.queued) >= ROWS || performance.now() - started > DISPATCH_WINDOW_MS) break;
      await sleep(250);
    }
    const deliveredWhileDispatching = await received();
    const spans = await db.query<{ first: Date; last: Date; queued: string; batches: string }>(
      `select min(queued_at) as first, max(queued_at) as last, count(*) as queued,
              count(distinct queued_at) as batches
         from campaign_shipping where campaign_id = $1 and queued_at is not null`,
      [campaign.id],
    );
    const span = spans.rows[0]!;
    const queued = Number(span.queued);
    const firstAt = span.first.getTime();
    // Rows are stamped as their batch ends: the rate counts from the campaign's creation (its start included).
    const scheduled = await db.query<{ at: Date }>('select created_at as at from campaigns where id = $1', [
      campaign.id,
    ]);
    const createdAt = scheduled.rows[0]?.at.getTime() ?? firstAt;
    const dispatchMs = Math.max(1, span.last.getTime() - Math.min(firstAt, createdAt));
    const dispatchedPerSecond = (queued * 1000) / dispatchMs;
    log(
      `dispatched: ${dispatchedPerSecond.toFixed(1)} messages/s (${queued} of ${ROWS} queued in ${(dispatchMs / 1000).toFixed(1)} s, ${span.batches} transactions)`,
    );
    const dispatchResult = summarize(
      `campaign dispatched: ${ROWS} contacts stored and queued, committed (intervals 0, one connection, ${span.batches} tx)`,
      1,
      [dispatchMs],
      { queued },
      1,
      dispatchMs,
    );
    dispatchResult.requestsPerSecond = dispatchedPerSecond;

    // Delivery: what the phones received from the campaign's start until its last row was queued, then in a window.
    const before = await received();
    await sleep(DELIVERY_WINDOW_MS);
    const after = await received();
    const deliveredPerSecond = ((after - before) * 1000) / DELIVERY_WINDOW_MS;
    log(
      `delivered on the phones: ${deliveredWhileDispatching} while dispatching, then ${deliveredPerSecond.toFixed(1)} messages/s`,
    );
    const deliveryResult = summarize(
      `campaign delivered to the phones (${DELIVERY_WINDOW_MS / 1000} s window after dispatch; per-connection send limit)`,
      1,
      Array.from({ length: after - before }, () => 0),
      { received: after - before },
      after - before,
      DELIVERY_WINDOW_MS,
    );

    const c0 = performance.now();
    await call(baseUrl, token, 'POST', `/campaigns/${campaign.id}/cancel`);
    const cancelMs = performance.now() - c0;
    const atCancel = await received();
    const held = await db.query<{ n: string }>(
      `select count(*) as n from outbox where whatsapp_id = $1 and status = 'held'`,
      [connection.id],
    );
    await sleep(3000);
    const afterCancel = await received();
    log(
      `cancel: ${cancelMs.toFixed(0)} ms, ${held.rows[0]?.n} queued sends withheld; phones got ${afterCancel - atCancel} after it`,
    );
    if (afterCancel !== atCancel) throw new Error('the phones received messages after the cancel');
    const cancelResult = summarize(
      `POST /campaigns/:id/cancel withholding ${held.rows[0]?.n} queued sends`,
      1,
      [cancelMs],
      { 204: 1 },
      1,
      cancelMs,
    );
    log(`load average while dispatching: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`);
    return [importResult, dispatchResult, deliveryResult, cancelResult] satisfies LoadResult[];
  },
};
