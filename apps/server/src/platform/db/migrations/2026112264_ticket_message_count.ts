import { APP_ROLE } from '../database';
import { run, type MigrationDb } from '../migration-helpers';

/**
 * The message page's total (GET /messages/:ticketId). Under row-level security every index entry of the ticket
 * is checked against the policy, whose current_setting() runs once per row: 4.7 ms for a 10,000-message ticket,
 * most of a page's database time. Run as the owner, for the company of the transaction only (as
 * tickets_matching_search, decision 0005), the count is index-only with nothing to check per row. `queues` null
 * counts every message; otherwise those of the queues plus those of no queue (a non-admin's view).
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `create function ticket_message_count(ticket integer, queues integer[]) returns integer
       language sql stable security definer set search_path = public
       as $f$
         select count(*)::int from messages m
          where m.company_id = nullif(current_setting('app.company_id', true), '')::int
            and m.ticket_id = ticket
            and (queues is null or m.queue_id = any (queues) or m.queue_id is null)
       $f$;
     revoke all on function ticket_message_count(integer, integer[]) from public;
     grant execute on function ticket_message_count(integer, integer[]) to ${APP_ROLE};
     comment on function ticket_message_count(integer, integer[]) is
       'Messages of one of the current company''s tickets, all or those of the given queues and of none';`,
  );
}
