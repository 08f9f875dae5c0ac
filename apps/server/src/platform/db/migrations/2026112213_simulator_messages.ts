import { createTenantTable, run, type MigrationDb } from '../migration-helpers';

/** The simulator's fake phone network: what customers sent us and what we sent them, with media. */
export async function up(db: MigrationDb): Promise<void> {
  await createTenantTable(
    db,
    'simulator_messages',
    `whatsapp_id integer not null,
     direction text not null check (direction in ('in','out')),
     external_id text not null,
     peer text not null,
     type text not null
       check (type in ('text','image','audio','video','document','location','vcard','call')),
     body text not null default '',
     push_name text,
     media_file_name text,
     media_mimetype text,
     media_base64 text,
     location jsonb,
     quoted_external_id text,
     voice_note boolean not null default false,
     idempotency_key text,
     ack integer not null default 0,
     is_deleted boolean not null default false,
     is_edited boolean not null default false,
     delivered_at timestamptz,
     created_at timestamptz not null default now(),
     foreign key (company_id, whatsapp_id) references whatsapps (company_id, id) on delete cascade,
     constraint simulator_messages_external_id_key unique (company_id, whatsapp_id, external_id)`,
  );
  await run(
    db,
    `create unique index simulator_messages_idempotency_key on simulator_messages
       (company_id, whatsapp_id, idempotency_key) where idempotency_key is not null;
     create index simulator_messages_outbox_idx on simulator_messages (company_id, whatsapp_id, peer, id)
       where direction = 'out';
     create index simulator_messages_pending_idx on simulator_messages (company_id, whatsapp_id, id)
       where direction = 'in' and delivered_at is null;
     comment on column simulator_messages.peer is 'The customer phone digits (sender of in, recipient of out)';
     comment on column simulator_messages.media_base64 is 'The media bytes, base64';
     comment on column simulator_messages.ack is 'out: 1 sent, 2 delivered, 3 read';
     comment on column simulator_messages.delivered_at is
       'in: when the session handed it to the pipeline; null while waiting (or asked to redeliver)';`,
  );
}
