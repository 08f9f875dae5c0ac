import { createTenantTable, run, type MigrationDb } from '../migration-helpers';

/**
 * The cloud provider's sends by idempotency key: the Cloud API takes no idempotency key, so a retry of a send
 * that already reached Meta answers the stored wid instead of sending the message twice.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTenantTable(
    db,
    'cloud_sent_messages',
    `whatsapp_id integer not null,
     idempotency_key text not null,
     wid text not null,
     created_at timestamptz not null default now(),
     foreign key (company_id, whatsapp_id) references whatsapps (company_id, id) on delete cascade,
     constraint cloud_sent_messages_key unique (company_id, whatsapp_id, idempotency_key)`,
  );
  await run(
    db,
    `create index cloud_sent_messages_age_idx on cloud_sent_messages (company_id, whatsapp_id, created_at);
     comment on table cloud_sent_messages is
       'Cloud API sends by idempotency key (our message id), so a retried send answers the first wid; pruned after days';`,
  );
}
