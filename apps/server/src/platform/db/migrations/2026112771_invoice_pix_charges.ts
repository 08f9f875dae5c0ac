import { createTenantTable, run, type MigrationDb } from '../migration-helpers';

/**
 * Every Pix charge issued for an invoice. `invoices.txid` keeps the latest; a customer who pays an earlier charge
 * still in its hour of validity (a second checkout, another tab) is found through this table, never lost.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTenantTable(
    db,
    'invoice_pix_charges',
    `invoice_id integer not null,
     txid text not null,
     provider text not null,
     amount numeric(12,2) not null,
     created_at timestamptz not null default now(),
     foreign key (company_id, invoice_id) references invoices (company_id, id) on delete cascade`,
  );
  await run(
    db,
    `-- Global on purpose, like invoices.txid: the payment webhook knows the charge, not the company.
     create unique index invoice_pix_charges_txid_key on invoice_pix_charges (txid);
     create index invoice_pix_charges_invoice_idx on invoice_pix_charges (company_id, invoice_id);`,
  );
}
