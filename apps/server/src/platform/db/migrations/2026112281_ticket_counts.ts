import { createTenantTable, run, type MigrationDb } from '../migration-helpers';

/**
 * Counting a list tab read every ticket of it (100,000 index entries for an admin's "all", each checked against
 * the row-level security policy), and the dashboard's live counters counted the open and pending tickets the same
 * way. ticket_counts holds the number of tickets per (company, status, user, queue) as rows to sum: triggers on
 * tickets append a -1 row for the old key and a +1 row for the new one (appends never wait for each other, as in
 * cycle_totals), and compact_ticket_counts folds them (the same job every minute). A tab filtered only by status,
 * owner, users and queues is counted from a few hundred rows.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTenantTable(
    db,
    'ticket_counts',
    `status text not null,
     user_id integer,
     queue_id integer,
     tickets integer not null,
     delta boolean not null default true`,
  );
  await run(
    db,
    `comment on table ticket_counts is
       'Tickets per (company, status, user, queue), as rows to sum: triggers on tickets append deltas, compact_ticket_counts folds them';
     comment on column ticket_counts.user_id is 'The tickets'' user; null for none (no foreign key: a deleted user''s tickets move to null through their own update)';
     comment on column ticket_counts.queue_id is 'The tickets'' queue; null for none (no foreign key, as user_id)';
     comment on column ticket_counts.tickets is 'How many tickets this row adds (negative for a delta taking them away)';
     comment on column ticket_counts.delta is 'Appended by a trigger and not folded yet';
     create index ticket_counts_key_idx on ticket_counts (company_id, status, user_id, queue_id) include (tickets);
     create index ticket_counts_delta_idx on ticket_counts (company_id, status, user_id, queue_id) where delta;

     create function tickets_counts() returns trigger language plpgsql as $f$
       begin
         if tg_op in ('UPDATE', 'DELETE') then
           insert into ticket_counts (company_id, status, user_id, queue_id, tickets)
           values (old.company_id, old.status, old.user_id, old.queue_id, -1);
         end if;
         if tg_op in ('INSERT', 'UPDATE') then
           insert into ticket_counts (company_id, status, user_id, queue_id, tickets)
           values (new.company_id, new.status, new.user_id, new.queue_id, 1);
         end if;
         return null;
       end
     $f$;
     create trigger tickets_counts_insert_delete after insert or delete on tickets
       for each row execute function tickets_counts();
     -- A new message updates its ticket without moving it between counts.
     create trigger tickets_counts_update after update on tickets
       for each row
       when ((old.status, old.user_id, old.queue_id) is distinct from (new.status, new.user_id, new.queue_id))
       execute function tickets_counts();

     -- Folds the deltas of up to max_keys keys (each into one row, or none when it sums to nothing); answers how
     -- many keys it folded. Same rules as compact_cycle_totals.
     create function compact_ticket_counts(max_keys integer) returns integer
       language plpgsql
       as $f$
         declare
           folded integer;
         begin
           if not pg_try_advisory_xact_lock(hashtextextended('compact_ticket_counts', 0)) then
             return 0;
           end if;
           with keys as (
             select distinct company_id, status, user_id, queue_id from ticket_counts where delta limit max_keys
           ),
           gone as (
             delete from ticket_counts c using keys k
              where c.company_id = k.company_id and c.status = k.status
                and c.user_id is not distinct from k.user_id and c.queue_id is not distinct from k.queue_id
             returning c.*
           ),
           summed as (
             insert into ticket_counts (company_id, status, user_id, queue_id, tickets, delta)
             select company_id, status, user_id, queue_id, sum(tickets), false
               from gone
              group by company_id, status, user_id, queue_id
             having sum(tickets) <> 0
             returning 1
           )
           select count(*) into folded from keys;
           return folded;
         end
       $f$;

     select set_config('app.system', 'on', true);
     insert into ticket_counts (company_id, status, user_id, queue_id, tickets, delta)
     select company_id, status, user_id, queue_id, count(*), false
       from tickets
      group by company_id, status, user_id, queue_id;`,
  );
}
