import { APP_ROLE } from '../database';
import { run, type MigrationDb } from '../migration-helpers';

/**
 * Read paths of the ticket list, the history search, the message page and the dashboard at 100,000 tickets and
 * 1,000,000 messages per company (bench/benchmarks/tickets-dataset.ts).
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `-- Every list tab walks (status or owner) by latest activity with the id tie-break of its ORDER BY, and
     -- finds the owner and queue filters in the index itself: counts become index-only scans.
     create index tickets_company_status_activity_idx
       on tickets (company_id, status, updated_at desc, id desc) include (user_id, queue_id);
     create index tickets_company_user_status_activity_idx
       on tickets (company_id, user_id, status, updated_at desc, id desc) include (queue_id);
     create index tickets_company_activity_idx
       on tickets (company_id, updated_at desc, id desc) include (status, user_id, queue_id);
     drop index tickets_company_status_updated_idx;
     drop index tickets_company_user_status_updated_idx;

     -- A non-admin's message count filters on the queue: keep it in the index.
     create index messages_ticket_page_idx on messages (company_id, ticket_id, id desc) include (queue_id);
     drop index messages_ticket_idx;

     -- The dashboard reads a period of cycles without visiting the table.
     create index ticket_tracking_period_idx on ticket_tracking (company_id, queued_at)
       include (ticket_id, user_id, started_at, finished_at, rating_at);
     drop index ticket_tracking_queued_idx;

     -- Row-level security evaluates its policy before any qual that is not leakproof, and LIKE is not: under
     -- the application role a LIKE never reaches the trigram indexes, and the search rechecks every message
     -- of the company. This function runs the search as its owner, for the company of the transaction only
     -- (app.company_id, set by TenantScope; none set finds nothing), so the indexes apply.
     create function tickets_matching_search(pattern text) returns setof integer
       language sql stable strict security definer set search_path = public
       as $f$
         select m.ticket_id from messages m
          where m.company_id = nullif(current_setting('app.company_id', true), '')::int
            and search_text(m.body) like search_text(pattern)
         union
         select t.id from contacts c
           join tickets t on t.company_id = c.company_id and t.contact_id = c.id
          where c.company_id = nullif(current_setting('app.company_id', true), '')::int
            and (search_text(c.name) like search_text(pattern) or c.number like pattern)
       $f$;
     revoke all on function tickets_matching_search(text) from public;
     grant execute on function tickets_matching_search(text) to ${APP_ROLE};
     comment on function tickets_matching_search(text) is
       'Ids of the current company''s tickets whose messages, contact name or number match a LIKE pattern';`,
  );
}
