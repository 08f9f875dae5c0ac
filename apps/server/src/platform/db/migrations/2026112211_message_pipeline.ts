import { run, type MigrationDb } from '../migration-helpers';

/** What the message pipeline needs beyond the plumbing tables: per-chat ordering and readable send failures. */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `alter table inbound_events add column chat_key text not null default '';
     comment on column inbound_events.chat_key is
       'The chat an event belongs to (phone digits, group id, or a derived key): events of one chat run in order';
     -- The per-chat drain takes the oldest unprocessed event of one chat.
     create index inbound_events_chat_idx on inbound_events (company_id, whatsapp_id, chat_key, id)
       where status = 'received';

     alter table messages add column send_error text;
     comment on column messages.send_error is
       'Why sending failed for good, readable by staff; null while queued or once sent';`,
  );
}
