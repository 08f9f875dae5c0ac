import { run, type MigrationDb } from '../migration-helpers';

/**
 * The message page's total (GET /messages/:ticketId) kept on the ticket instead of counted for each page.
 * Counting a 10,000-message ticket's index entries took about 1 ms of the page's 1.4 ms of database time.
 * - `tickets.message_counts`: the ticket's messages per queue id, `none` for those of no queue, e.g.
 *   `{"3": 120, "none": 4}`. A non-admin sees the messages of their queues and of none (server-behaviour 6.1), so
 *   a single total would not do. Messages are never deleted one by one (a deletion only marks them), so the counts
 *   only grow; a ticket's deletion takes its messages along.
 * - Written by the ticket touches: every stored message touches its ticket in the same transaction
 *   (`add_message_counts`), so the counts cost no write of their own.
 * - `recount_ticket_messages(company)` sets them from the messages: the backfill here, and loads that insert
 *   messages in bulk (the benchmark's dataset).
 * The count function of migration 2026112264 goes.
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `alter table tickets add column message_counts jsonb not null default '{}'::jsonb;
     comment on column tickets.message_counts is
       'Messages per queue id ("none": no queue), added by the ticket touches; the message page''s total';

     create function add_message_counts(counts jsonb, added jsonb) returns jsonb
       language sql immutable parallel safe
       as $f$
         select coalesce(jsonb_object_agg(key, total), '{}'::jsonb)
           from (select key, sum(value::int) as total
                   from (select * from jsonb_each_text(counts) union all select * from jsonb_each_text(added)) as e
                  group by key) as s
       $f$;

     create function recount_ticket_messages(company integer) returns void
       language sql
       as $f$
         update tickets as t set message_counts = coalesce(c.counts, '{}'::jsonb)
           from tickets as k
           left join (select ticket_id, jsonb_object_agg(queue_key, messages) as counts
                        from (select ticket_id, coalesce(queue_id::text, 'none') as queue_key, count(*) as messages
                                from messages where company_id = company
                               group by 1, 2) as per_queue
                       group by ticket_id) as c on c.ticket_id = k.id
          where k.company_id = company and t.company_id = company and t.id = k.id
            and t.message_counts is distinct from coalesce(c.counts, '{}'::jsonb)
       $f$;
     revoke all on function recount_ticket_messages(integer) from public;

     select recount_ticket_messages(id) from companies;

     drop function ticket_message_count(integer, integer[]);`,
  );
}

export const vacuumAfter = ['tickets'];
