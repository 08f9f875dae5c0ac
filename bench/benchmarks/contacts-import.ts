// The spreadsheet import: POST /contacts/upload with 10,000 rows the browser parsed, on a company without a live
// connection (numbers are stored as typed). Each measured request uploads fresh numbers; the rate in rows/s is
// requests/s × 10,000. Ends by checking every row of every upload was stored once.
import type { Benchmark } from '../lib/benchmark';
import { BENCH_PASSWORD, createCompanyWithUsers } from '../lib/data';
import { runLoad } from '../lib/load';

const json = { 'content-type': 'application/json' };
const ROWS = 10_000;
const UPLOADS = 3;

/** Rows with the spec's mixed column spellings; upload `n` owns the numbers 55119nnnnnnnn. */
function sheet(n: number): string {
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const number = `5511${String(n).padStart(3, '0')}${String(i).padStart(6, '0')}`;
    return i % 2 === 0
      ? { Nome: `Contato ${n}-${i} Conceição`, Número: number, 'E-mail': `c${n}-${i}@bench.test` }
      : { name: `Contato ${n}-${i} Araújo`, numero: number };
  });
  return JSON.stringify(rows);
}

export const contactsImportBenchmark: Benchmark = {
  name: 'contacts-import',
  async run({ baseUrl, db, log }) {
    const company = await createCompanyWithUsers(db, 0);
    const token = await loginToken(baseUrl, company.admin.email);
    const headers = { ...json, authorization: `Bearer ${token}` };
    log(`preparing ${UPLOADS + 1} sheets of ${ROWS} rows`);
    const bodies = Array.from({ length: UPLOADS + 1 }, (_, n) => sheet(n));
    const result = await runLoad({
      name: `POST /contacts/upload (${ROWS} rows)`,
      baseUrl,
      concurrency: 1,
      warmup: 1,
      requests: UPLOADS,
      maxDurationMs: 600_000,
      request: (i) => ({ path: '/contacts/upload', init: { method: 'POST', headers, body: bodies[i] } }),
    });
    log(`upload rate: ${(result.requestsPerSecond * ROWS).toFixed(0)} rows/s`);

    const stored = await db.query<{ count: string }>('select count(*) from contacts where company_id = $1', [
      company.companyId,
    ]);
    const expected = (UPLOADS + 1) * ROWS;
    if (Number(stored.rows[0]?.count) !== expected) {
      throw new Error(`expected ${expected} contacts, found ${stored.rows[0]?.count}`);
    }
    return [result];
  },
};

async function loginToken(baseUrl: string, email: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!answer.ok) throw new Error(`login of ${email} answered ${answer.status}: ${await answer.text()}`);
  const body = (await answer.json()) as { token: string };
  return body.token;
}
