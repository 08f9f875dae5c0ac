// Billing: the invoices page of a company with 20 years of monthly invoices, Pix checkout on the sandbox
// provider (BR Code and QR image per charge), the payment webhook settling 200 companies' invoices (charge read
// back, invoice and company locked, due date moved, payment event), and the webhook's idempotent replay path.
import type pg from 'pg';
import { loginToken } from '../lib/auth';
import type { Benchmark } from '../lib/benchmark';
import { createCompanyWithUsers } from '../lib/data';
import { runLoad, type LoadResult } from '../lib/load';

const json = { 'content-type': 'application/json' };
const SETTLED_COMPANIES = 200;

export const billingBenchmark: Benchmark = {
  name: 'billing',
  async run({ baseUrl, db, log }) {
    log('creating a company with 240 invoices');
    const company = await createCompanyWithUsers(db, 0);
    await db.query(
      `insert into invoices (company_id, detail, value, due_date, status, paid_at, paid_value)
       select $1, 'Bench plan', 49, current_date - g * interval '1 month', 'paid', now(), 49
         from generate_series(1, 239) g`,
      [company.companyId],
    );
    const open = await db.query<{ id: number }>(
      `insert into invoices (company_id, detail, value, due_date) values ($1, 'Bench plan', 49, current_date + 5)
       returning id`,
      [company.companyId],
    );
    const invoiceId = open.rows[0]?.id;
    const token = await loginToken(baseUrl, company.admin.email);
    const auth = { authorization: `Bearer ${token}` };
    const results: LoadResult[] = [];

    results.push(
      await runLoad({
        name: 'GET /invoices/all (240)',
        baseUrl,
        concurrency: 10,
        requests: 2000,
        request: () => ({ path: '/invoices/all', init: { headers: auth } }),
      }),
    );
    results.push(
      await runLoad({
        name: 'POST /subscription (sandbox)',
        baseUrl,
        concurrency: 10,
        requests: 300,
        request: () => ({
          path: '/subscription',
          init: {
            method: 'POST',
            headers: { ...auth, ...json },
            body: JSON.stringify({ invoiceId, price: 1 }),
          },
        }),
      }),
    );

    log(`arranging ${SETTLED_COMPANIES} companies with a paid sandbox charge each`);
    const txids = await paidCharges(db, SETTLED_COMPANIES);
    results.push(
      await runLoad({
        name: 'POST /subscription/webhook (settle)',
        baseUrl,
        concurrency: 10,
        requests: txids.length - 10,
        // One warm-up request per client, then each request settles another company's invoice.
        request: (i) => ({ path: '/subscription/webhook/pix', init: webhook(txids[i % txids.length] ?? '') }),
      }),
    );
    results.push(
      await runLoad({
        name: 'POST /subscription/webhook (replay)',
        baseUrl,
        concurrency: 10,
        requests: 2000,
        request: (i) => ({ path: '/subscription/webhook/pix', init: webhook(txids[i % txids.length] ?? '') }),
      }),
    );
    await checkSettled(db, txids);
    return results;
  },
};

const webhook = (txid: string): RequestInit => ({
  method: 'POST',
  headers: json,
  body: JSON.stringify({
    pix: [{ txid, endToEndId: 'E0', valor: '49.00', horario: new Date().toISOString() }],
  }),
});

/** Companies with an open invoice whose sandbox charge the payer has paid (as the pay action leaves it). */
async function paidCharges(db: pg.Pool, count: number): Promise<string[]> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const rows = await db.query<{ txid: string }>(
    `with plan as (
       insert into plans (name, value) values ('Bench billing ' || $1, 49) returning id
     ), companies_made as (
       insert into companies (name, email, status, plan_id, due_date, recurrence)
       select 'Bench billing ' || $1 || ' ' || g, 'billing-' || g || '-' || $1 || '@bench.test', true,
              (select id from plan), current_date + 3, 'MENSAL'
         from generate_series(1, $2::int) g
       returning id
     ), invoices_made as (
       insert into invoices (company_id, detail, value, due_date, txid)
       select id, 'Bench billing', 49, current_date + 3, substr(md5(id::text || $1), 1, 25) from companies_made
       returning company_id, id, txid
     ), charges as (
       insert into invoice_pix_charges (company_id, invoice_id, txid, provider, amount)
       select company_id, id, txid, 'sandbox', 49 from invoices_made
       returning txid
     )
     insert into pix_sandbox_charges (company_id, txid, amount, br_code, status, paid_value, paid_at, end_to_end_id, expires_at)
     select company_id, txid, 49, '000201', 'CONCLUIDA', 49, now(), 'E0', now() + interval '1 hour' from invoices_made
     returning txid`,
    [tag, count],
  );
  return rows.rows.map((r) => r.txid);
}

/** The measured answers must be the real ones: every invoice paid once, every due date one month later. */
async function checkSettled(db: pg.Pool, txids: string[]): Promise<void> {
  const result = await db.query<{ paid: string; moved: string }>(
    `select count(*) filter (where i.status = 'paid') as paid,
            count(*) filter (where c.due_date = (current_date + 3 + interval '1 month')::date) as moved
       from invoices i join companies c on c.id = i.company_id where i.txid = any($1)`,
    [txids],
  );
  const row = result.rows[0];
  if (Number(row?.paid) !== txids.length || Number(row?.moved) !== txids.length) {
    console.warn(
      `warning: billing settled ${row?.paid} invoices and moved ${row?.moved} due dates of ${txids.length}`,
    );
  }
}
