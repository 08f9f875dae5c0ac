import { run, type MigrationDb } from '../migration-helpers';

/**
 * Campaign dispatch in batches, cancel and the confirmation delay (issue 19, server-behaviour 10.3 to 10.5):
 * - `campaign_shipping.message_ids`: every message stored for the row (file-list files, media, text), so a cancel
 *   can hold the ones still queued and a restart release exactly those.
 * - `campaign_shipping.send_after`: a confirmed row's main message goes out after a random 0–10 s, not before.
 * - outbox `held`: a queued send withdrawn by a campaign cancel. The worker only runs `pending` rows; a restart
 *   makes it `pending` again, so the same message (and the provider's idempotency key, its id) is sent once.
 * - outbox `bulk`: campaign sends wait behind a connection's other sends (agents' replies, bots, schedules), so a
 *   campaign queued far ahead of the per-connection limit never holds up a conversation. The index serves the
 *   worker's next-row lookup in that order.
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `alter table campaign_shipping
       add column message_ids integer[] not null default '{}',
       add column send_after timestamptz;
     comment on column campaign_shipping.message_ids is 'Every message stored for the row, in sending order';
     comment on column campaign_shipping.send_after is 'The row is not sent before this time (confirmation delay)';
     alter table outbox drop constraint outbox_status_check;
     alter table outbox add constraint outbox_status_check
       check (status in ('pending','sending','sent','failed','held'));
     alter table outbox add column bulk boolean not null default false;
     comment on column outbox.bulk is 'A campaign send: runs after the connection''s other pending sends';
     create index outbox_lane_idx on outbox (whatsapp_id, bulk, id) where status = 'pending';
     create index outbox_held_idx on outbox (company_id, message_id) where status = 'held';`,
  );
}
