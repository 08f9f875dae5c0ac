import { createTenantTable, run, type MigrationDb } from '../migration-helpers';

/** Durable messaging plumbing: raw inbound events, the outbound outbox, session leases and phone-book sync. */
export async function up(db: MigrationDb): Promise<void> {
  await createTenantTable(
    db,
    'inbound_events',
    `whatsapp_id integer not null,
     provider text not null check (provider in ('beta','cloud','simulator')),
     event_id text not null,
     payload jsonb not null,
     status text not null default 'received' check (status in ('received','processed','failed')),
     attempts integer not null default 0,
     last_error text,
     received_at timestamptz not null default now(),
     processed_at timestamptz,
     foreign key (company_id, whatsapp_id) references whatsapps (company_id, id) on delete cascade,
     -- A redelivered provider event is stored once.
     constraint inbound_events_company_whatsapp_event_key unique (company_id, whatsapp_id, event_id)`,
  );
  await run(
    db,
    `-- The worker sweeps every company for events not yet processed: a global partial index.
     create index inbound_events_pending_idx on inbound_events (received_at) where status = 'received';
     create index inbound_events_company_received_idx on inbound_events (company_id, received_at);`,
  );

  await createTenantTable(
    db,
    'outbox',
    `message_id integer,
     whatsapp_id integer not null,
     kind text not null,
     payload jsonb not null default '{}',
     idempotency_key text not null,
     status text not null default 'pending' check (status in ('pending','sending','sent','failed')),
     attempts integer not null default 0,
     next_attempt_at timestamptz not null default now(),
     last_error text,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     foreign key (company_id, message_id) references messages (company_id, id) on delete cascade,
     foreign key (company_id, whatsapp_id) references whatsapps (company_id, id) on delete cascade,
     unique (company_id, idempotency_key)`,
  );
  await run(
    db,
    `-- The send worker sweeps every company for due work (and rows left sending by a crash).
     create index outbox_due_idx on outbox (status, next_attempt_at) where status in ('pending','sending');
     create index outbox_message_idx on outbox (company_id, message_id) where message_id is not null;
     create index outbox_whatsapp_idx on outbox (company_id, whatsapp_id, status);`,
  );

  // A system table: a lease names a resource (e.g. a connection's session) and the process that owns it.
  await run(
    db,
    `create table leases (
       resource text primary key,
       owner text not null,
       acquired_at timestamptz not null default now(),
       heartbeat_at timestamptz not null default now(),
       expires_at timestamptz not null
     );`,
  );

  // Phone-book data the provider syncs, deduplicated per connection and jid, for POST /contacts/import.
  await createTenantTable(
    db,
    'whatsapp_contacts',
    `whatsapp_id integer not null,
     jid text not null,
     name text,
     notify text,
     updated_at timestamptz not null default now(),
     foreign key (company_id, whatsapp_id) references whatsapps (company_id, id) on delete cascade,
     unique (company_id, whatsapp_id, jid)`,
  );
}
