// Campaigns at volume (issue 19): a 10,000-row list sheet imported through POST /contact-lists/:id/upload, then a
// 10,000-contact campaign with every interval at 0 on one simulator connection. Reports the import rate, the
// dispatch rate (messages stored in the contacts' tickets and queued to the outbox per second, from the shipping
// rows' queuedAt) and the delivery rate the simulated phones saw in a window, which the outbox's per-connection
// send limit bounds (10/s after a burst of 20: it protects numbers from bans). Checks there is no duplicate:
// one shipping row, one stored message and at most one received message per contact.
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
    const started = performance.now();
    for (;;) {
      const { rows } = await db.query<{ queued: string }>(
        'select count(queued_at) as queued from campaign_shipping where campaign_id = $1',
        [campaign.id],
      );
      if (Number(rows[0]?.queued) >= ROWS || performance.now() - started > DISPATCH_WINDOW_MS) break;
      await sleep(1000);
    }
    const spans = await db.query<{ first: Date; last: Date; gaps: number[] }>(
      `select min(queued_at) as first, max(queued_at) as last,
              array_agg(extract(epoch from gap) * 1000 order by queued_at) filter (where gap is not null) as gaps
         from (select queued_at, queued_at - lag(queued_at) over (order by queued_at) as gap
                 from campaign_shipping where campaign_id = $1) s`,
      [campaign.id],
    );
    const span = spans.rows[0]!;
    const dispatchMs = span.last.getTime() - span.first.getTime();
    const queued = (span.gaps ?? []).length + 1;
    log(
      `dispatch rate: ${((queued * 1000) / dispatchMs).toFixed(1)} messages/s (${queued} of ${ROWS} queued)`,
    );
    const dispatchResult = summarize(
      `campaign dispatch of a ${ROWS}-contact campaign: sends queued (intervals 0, one connection)`,
      1,
      (span.gaps ?? []).map(Number),
      { queued },
      queued - 1,
      dispatchMs,
    );

    const received = async () =>
      Number(
        (
          await db.query<{ n: string }>(
            `select count(*) as n from simulator_messages where whatsapp_id = $1 and direction = 'out'`,
            [connection.id],
          )
        ).rows[0]?.n,
      );
    const before = await received();
    await sleep(DELIVERY_WINDOW_MS);
    const after = await received();
    log(
      `delivery rate on the phones: ${(((after - before) * 1000) / DELIVERY_WINDOW_MS).toFixed(1)} messages/s`,
    );
    await call(baseUrl, token, 'POST', `/campaigns/${campaign.id}/cancel`);

    const duplicates = await db.query<{ shipping: string; messages: string; phones: string }>(
      `select
         (select count(*) from (select contact_list_item_id from campaign_shipping where campaign_id = $1
            group by contact_list_item_id having count(*) > 1) d) as shipping,
         (select count(*) from (select contact_id from messages where company_id = $2 and origin = 'campaign'
            group by contact_id having count(*) > 1) d) as messages,
         (select count(*) from (select peer from simulator_messages where whatsapp_id = $3 and direction = 'out'
            group by peer having count(*) > 1) d) as phones`,
      [campaign.id, company.companyId, connection.id],
    );
    const dup = duplicates.rows[0]!;
    log(`duplicates: shipping ${dup.shipping}, stored messages ${dup.messages}, phones ${dup.phones}`);
    if (Number(dup.shipping) + Number(dup.messages) + Number(dup.phones) > 0)
      throw new Error('duplicates found');
    const deliveryResult = summarize(
      `campaign delivery seen by the phones (${DELIVERY_WINDOW_MS / 1000} s window; outbox limit 10/s)`,
      1,
      Array.from({ length: after - before }, () => 0),
      { received: after - before },
      after - before,
      DELIVERY_WINDOW_MS,
    );
    return [importResult, dispatchResult, deliveryResult] satisfies LoadResult[];
  },
};
