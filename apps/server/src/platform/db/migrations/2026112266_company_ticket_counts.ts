import { APP_ROLE } from '../database';
import { run, type MigrationDb } from '../migration-helpers';

/**
 * The dashboard's live counters count the open and pending tickets: about 20,000 index entries in the tickets
 * benchmark, each checked against the row-level security policy (its current_setting() runs per row). Counted as
 * the owner for the company of the transaction only, as ticket_message_count (migration 2026112264).
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `create function company_ticket_counts(out open integer, out pending integer)
       language sql stable security definer set search_path = public
       as $f$
         select (count(*) filter (where status = 'open'))::int, (count(*) filter (where status = 'pending'))::int
           from tickets
          where company_id = nullif(current_setting('app.company_id', true), '')::int
            and status in ('open', 'pending')
       $f$;
     revoke all on function company_ticket_counts() from public;
     grant execute on function company_ticket_counts() to ${APP_ROLE};
     comment on function company_ticket_counts() is 'Open and pending tickets of the current company';`,
  );
}
