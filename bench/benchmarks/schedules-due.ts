// Issue 18, the scheduled messages sender at scale: 10,000 schedules fall due in the same minute, written by 50
// agents whose default connections are 50 simulator lines (each line sends at most 10 messages a second, so one
// line alone could not keep the target), to 2,000 contacts. Measures the time from sendAt until every message
// reached the simulated phones, with duplicates and misses counted from what the phones received. Target: all
// sent in under 60 s, 0 duplicates, 0 missed.
import type pg from 'pg';
import type { Benchmark } from '../lib/benchmark';
import { loginToken } from '../lib/auth';
import { cpuPerUnit, cpuReader } from '../lib/cpu';
import { createCompanyWithUsers } from '../lib/data';
import { percentile, type LoadResult } from '../lib/load';

/** BENCH_SCHEDULES runs a smaller batch (to compare CPU per schedule between two builds quickly). */
const SCHEDULES = Number(process.env.BENCH_SCHEDULES ?? 10_000);
const LINES = 50;
const CONTACTS = 2_000;
const WAIT_MS = 240_000;
const json = { 'content-type': 'application/json' };

export const schedulesDueBenchmark: Benchmark = {
  name: 'schedules-due',
  async run({ baseUrl, db, server, log }) {
    const company = await createCompanyWithUsers(db, LINES);
    const headers = { ...json, authorization: `Bearer ${await loginToken(baseUrl, company.admin.email)}` };
    log(`connecting ${LINES} simulator lines`);
    const lines: number[] = [];
    for (let i = 0; i < LINES; i += 10) {
      lines.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(10, LINES - i) }, () => connect(baseUrl, headers)),
        )),
      );
    }
    const c = company.companyId;
    await db.query(
      `update users u set whatsapp_id = ($2::int[])[1 + (x.n - 1) % cardinality($2::int[])]
         from (select id, row_number() over (order by id) as n from users where company_id = $1 and profile = 'user') x
        where u.id = x.id`,
      [c, lines],
    );
    await db.query(
      `insert into contacts (company_id, name, number)
       select $1, 'Cliente ' || g || ' Agendado', '55119' || (70000000 + g) from generate_series(1, $2::int) g`,
      [c, CONTACTS],
    );
    // Due a few seconds from now, all of them at the same instant.
    const dueAt = new Date(Date.now() + 5000);
    await db.query(
      `insert into schedules (company_id, body, send_at, contact_id, user_id, status)
       select $1, 'Agendamento ' || g || ' para {{firstName}}', $2,
              c.ids[1 + g % cardinality(c.ids)], u.ids[1 + g % cardinality(u.ids)], 'PENDENTE'
         from generate_series(1, $3::int) g,
              (select array_agg(id order by id) ids from contacts where company_id = $1) c,
              (select array_agg(id order by id) ids from users where company_id = $1 and profile = 'user') u`,
      [c, dueAt, SCHEDULES],
    );
    log(`${SCHEDULES} schedules due at ${dueAt.toISOString()}`);
    const cpu = cpuReader(server);
    const before = cpu();
    const allSent = await until(db, c, lines, dueAt, log);
    const figures = await db.query<{ received: number; distinct_bodies: number; erro: number; late: number }>(
      `select (select count(*)::int from simulator_messages where company_id = $1 and direction = 'out'
                 and body like 'Agendamento %') as received,
              (select count(distinct body)::int from simulator_messages where company_id = $1 and direction = 'out'
                 and body like 'Agendamento %') as distinct_bodies,
              (select count(*)::int from schedules where company_id = $1 and status = 'ERRO') as erro,
              (select count(*)::int from schedules where company_id = $1 and late) as late`,
      [c],
    );
    const f = figures.rows[0] ?? { received: 0, distinct_bodies: 0, erro: 0, late: 0 };
    const duplicates = f.received - f.distinct_bodies;
    const missed = SCHEDULES - f.distinct_bodies;
    const delays = (
      await db.query<{ ms: number }>(
        `select extract(epoch from (m.created_at - $2::timestamptz)) * 1000 as ms
           from simulator_messages m where m.company_id = $1 and m.direction = 'out' and m.body like 'Agendamento %'`,
        [c, dueAt],
      )
    ).rows
      .map((r) => Number(r.ms))
      .sort((a, b) => a - b);
    log(
      `all sent ${allSent === null ? 'NOT within the wait' : `${(allSent / 1000).toFixed(1)} s after sendAt`}; ` +
        `received ${f.received}, duplicates ${duplicates}, missed ${missed}, ERRO ${f.erro}, late ${f.late}; ` +
        `server CPU per schedule: ${cpuPerUnit(before, cpu(), SCHEDULES)}`,
    );
    const durationMs = allSent ?? WAIT_MS;
    const result: LoadResult = {
      name: `${SCHEDULES} schedules due at once → simulated phones (ms after sendAt)`,
      concurrency: LINES,
      sent: SCHEDULES,
      ok: f.distinct_bodies - duplicates,
      failed: missed + duplicates,
      statuses: { delivered: f.distinct_bodies, duplicates, missed, ERRO: f.erro },
      durationMs,
      requestsPerSecond: (f.distinct_bodies / durationMs) * 1000,
      p50: percentile(delays, 50),
      p95: percentile(delays, 95),
      p99: percentile(delays, 99),
      max: delays.at(-1) ?? 0,
    };
    return [result];
  },
};

/** Polls until every schedule reached a phone; answers the milliseconds from sendAt, or null after WAIT_MS. */
async function until(
  db: pg.Pool,
  companyId: number,
  lines: number[],
  dueAt: Date,
  log: (line: string) => void,
): Promise<number | null> {
  const deadline = Date.now() + WAIT_MS;
  let lastLog = 0;
  while (Date.now() < deadline) {
    // Cheap while waiting (the poll's own database time counts in the server's figures): every received row,
    // then the distinct bodies once they could all be there.
    const { rows } = await db.query<{ sent: number; received: number }>(
      `select (select count(*)::int from schedules where company_id = $1 and status = 'ENVIADA') as sent,
              (select count(*)::int from simulator_messages
                where company_id = $1 and whatsapp_id = any($2) and direction = 'out') as received`,
      [companyId, lines],
    );
    const row = rows[0];
    if (row && row.received >= SCHEDULES && (await distinctReceived(db, companyId, lines)) >= SCHEDULES) {
      return Date.now() - dueAt.getTime();
    }
    if (Date.now() - lastLog > 10_000) {
      lastLog = Date.now();
      log(`… ${row?.sent ?? 0} ENVIADA, ${row?.received ?? 0} at the phones`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return null;
}

async function distinctReceived(db: pg.Pool, companyId: number, lines: number[]): Promise<number> {
  const { rows } = await db.query<{ received: number }>(
    `select count(distinct body)::int as received from simulator_messages
      where company_id = $1 and whatsapp_id = any($2) and direction = 'out' and body like 'Agendamento %'`,
    [companyId, lines],
  );
  return rows[0]?.received ?? 0;
}

async function connect(baseUrl: string, headers: Record<string, string>): Promise<number> {
  const created = await fetch(`${baseUrl}/whatsapp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: `Agenda ${Date.now()}${Math.random()}`, provider: 'simulator' }),
  });
  if (!created.ok) throw new Error(`connection not created: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: number };
  await statusOf(baseUrl, headers, id, 'qrcode');
  const scan = await fetch(`${baseUrl}/simulator/connections/${id}/scan`, {
    method: 'POST',
    headers,
    body: '{}',
  });
  if (!scan.ok) throw new Error(`scan refused: ${scan.status} ${await scan.text()}`);
  await statusOf(baseUrl, headers, id, 'CONNECTED');
  return id;
}

async function statusOf(baseUrl: string, headers: Record<string, string>, id: number, wanted: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const answer = await fetch(`${baseUrl}/whatsapp/${id}`, { headers });
    if (answer.ok && ((await answer.json()) as { status: string }).status === wanted) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`connection ${id} never reached ${wanted}`);
}
