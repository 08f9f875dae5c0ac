import { createTenantTable, run, type MigrationDb } from '../migration-helpers';

/**
 * The sandbox Pix provider's own records (the fake bank, like the WhatsApp simulator's phone network): the
 * charges it issued, and the webhook address each Pix key notifies. Rows, not memory, so every node sees them.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTenantTable(
    db,
    'pix_sandbox_charges',
    `txid text not null,
     amount numeric(12,2) not null,
     payer_text text not null default '',
     br_code text not null,
     status text not null default 'ATIVA' check (status in ('ATIVA','CONCLUIDA')),
     paid_value numeric(12,2),
     end_to_end_id text,
     expires_at timestamptz not null,
     paid_at timestamptz,
     created_at timestamptz not null default now()`,
  );
  await run(
    db,
    `-- Global: a provider's charge id names one charge, whoever asks (the webhook does not know the company).
     create unique index pix_sandbox_charges_txid_key on pix_sandbox_charges (txid);
     create table pix_sandbox_webhooks (
       pix_key text primary key,
       url text not null,
       updated_at timestamptz not null default now()
     );`,
  );
}
