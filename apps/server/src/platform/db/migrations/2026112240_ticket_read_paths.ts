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
       include (id, user_id, started_at, finished_at, rating_at);
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
  await contactFirstCycle(db);
}

/**
 * The dashboard's leads are contacts whose first cycle falls in the period (server-behaviour 18). Finding each
 * contact's first cycle means reading every cycle the company ever had; keeping it on the contact makes leads
 * one range of an index. Triggers keep it equal to min(queued_at) over the contact's cycles: a new cycle can
 * only lower it; a moved queued_at (return, transfer), a deleted cycle or a deleted ticket recomputes it.
 */
async function contactFirstCycle(db: MigrationDb): Promise<void> {
  await run(
    db,
    `alter table contacts add column first_queued_at timestamptz;
     comment on column contacts.first_queued_at is
       'queued_at of the contact''s first attendance cycle (dashboard leads); kept by triggers on cycles and tickets';
     create index contacts_first_queued_idx on contacts (company_id, first_queued_at)
       where first_queued_at is not null;

     create function contact_first_queued_at(company integer, contact integer) returns timestamptz
       language sql stable
       as $f$
         select min(tt.queued_at) from tickets t
           join ticket_tracking tt on tt.company_id = t.company_id and tt.ticket_id = t.id
          where t.company_id = company and t.contact_id = contact
       $f$;

     create function refresh_contact_first_queued_at(company integer, contact integer) returns void
       language sql
       as $f$
         update contacts set first_queued_at = contact_first_queued_at(company, contact)
          where company_id = company and id = contact
            and first_queued_at is distinct from contact_first_queued_at(company, contact)
       $f$;

     create function ticket_tracking_first_queued() returns trigger language plpgsql as $f$
       declare
         contact integer;
       begin
         if tg_op = 'INSERT' then
           update contacts c set first_queued_at = new.queued_at
             from tickets t
            where t.company_id = new.company_id and t.id = new.ticket_id
              and c.company_id = t.company_id and c.id = t.contact_id
              and (c.first_queued_at is null or c.first_queued_at > new.queued_at);
           return null;
         end if;
         -- A deleted ticket's cycles find no ticket here: the ticket's own trigger recomputes.
         select t.contact_id into contact from tickets t where t.company_id = old.company_id and t.id = old.ticket_id;
         if contact is not null then
           perform refresh_contact_first_queued_at(old.company_id, contact);
         end if;
         return null;
       end
     $f$;
     create trigger ticket_tracking_first_queued_insert after insert on ticket_tracking
       for each row execute function ticket_tracking_first_queued();
     create trigger ticket_tracking_first_queued_change after update of queued_at or delete on ticket_tracking
       for each row execute function ticket_tracking_first_queued();

     create function tickets_first_queued() returns trigger language plpgsql as $f$
       begin
         perform refresh_contact_first_queued_at(old.company_id, old.contact_id);
         return null;
       end
     $f$;
     -- Named after the cascade (RI_…) triggers sort, so the ticket's cycles are already gone.
     create trigger tickets_first_queued_delete after delete on tickets
       for each row execute function tickets_first_queued();

     select set_config('app.system', 'on', true);
     update contacts c set first_queued_at = f.first_at
       from (select t.company_id, t.contact_id, min(tt.queued_at) as first_at
               from tickets t
               join ticket_tracking tt on tt.company_id = t.company_id and tt.ticket_id = t.id
              group by 1, 2) f
      where c.company_id = f.company_id and c.id = f.contact_id;`,
  );
}
