import { run, type MigrationDb } from '../migration-helpers';

/**
 * The attendance cycle each message was stored in. A ticket is reused for every conversation with its contact
 * (server-behaviour 5.1), so the chat's "another ticket" marker (spec 1 section 2) falls between cycles; the
 * message's own timestamp cannot tell which cycle it belongs to (inbound ones carry WhatsApp's clock).
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `alter table messages add column tracking_id integer;
     alter table messages add constraint messages_tracking_fkey foreign key (company_id, tracking_id)
       references ticket_tracking (company_id, id) on delete set null (tracking_id);
     create index messages_tracking_idx on messages (company_id, tracking_id) where tracking_id is not null;
     comment on column messages.tracking_id is
       'The ticket''s latest attendance cycle when the message was stored; null when it had none';
     select set_config('app.system', 'on', true);
     update messages m set tracking_id = (
       select t.id from ticket_tracking t
       where t.company_id = m.company_id and t.ticket_id = m.ticket_id and t.created_at <= m.created_at
       order by t.id desc limit 1);`,
  );
}
