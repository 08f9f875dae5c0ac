import { run, type MigrationDb } from '../migration-helpers';

/**
 * What the paced campaign dispatcher keeps (server-behaviour 10.4): when a shipping row's messages were stored and
 * queued (in the transaction that stored them, so a crash can never queue them twice) and the message whose
 * acceptance settles the row; on the campaign, when the next send is due and how many were sent (the longer pause
 * after every N messages survives a restart).
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `alter table campaign_shipping
       add column queued_at timestamptz,
       add column message_id integer;
     comment on column campaign_shipping.queued_at is
       'Set with the stored messages: a row with it is never sent again';
     comment on column campaign_shipping.message_id is
       'The last message stored for the row; its acceptance (ack or send error) sets delivered_at or failed_at';
     create index campaign_shipping_next_idx on campaign_shipping (company_id, campaign_id, id)
       where queued_at is null and delivered_at is null and failed_at is null;
     create index campaign_shipping_unsettled_idx on campaign_shipping (company_id, campaign_id, id)
       where queued_at is not null and delivered_at is null and failed_at is null;
     alter table campaigns
       add column next_send_at timestamptz,
       add column dispatched integer not null default 0;
     comment on column campaigns.next_send_at is 'The paced dispatcher sends nothing before this time';
     comment on column campaigns.dispatched is 'Rows queued so far: every longerIntervalAfter-th one waits longer';
     create index campaigns_running_idx on campaigns (id) where status = 'EM_ANDAMENTO';`,
  );
}
