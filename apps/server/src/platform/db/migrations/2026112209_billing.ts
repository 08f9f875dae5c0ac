import { createTenantTable, run, type MigrationDb } from '../migration-helpers';

/** Invoices: one per (company, due date), paid through a Pix charge identified by its txid. */
export async function up(db: MigrationDb): Promise<void> {
  await createTenantTable(
    db,
    'invoices',
    `detail text not null default '',
     value numeric(12,2) not null,
     due_date date not null,
     status text not null default 'open' check (status in ('open','paid')),
     txid text,
     paid_at timestamptz,
     paid_value numeric(12,2),
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     -- Makes the hourly invoice job idempotent.
     constraint invoices_company_due_date_key unique (company_id, due_date)`,
  );
  await run(
    db,
    `-- Global on purpose: the payment webhook finds the invoice by its charge id before it knows the company.
     create unique index invoices_txid_key on invoices (txid);
     create index invoices_company_status_idx on invoices (company_id, status);`,
  );
}
