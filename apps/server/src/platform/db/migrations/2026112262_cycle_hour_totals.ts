import { createTenantTable, run, type MigrationDb } from '../migration-helpers';

/**
 * Dashboard figures from per-hour totals of the attendance cycles instead of every cycle of the period
 * (bench/benchmarks/tickets-dataset.ts: ~92,000 cycles per 30-day load). One row per (company, UTC hour, user)
 * holds what the figures average or count over the cycles queued in that hour, plus how many cycles finished in
 * it. Triggers keep the rows equal to a sum over the cycles and their ratings, in the writer's transaction; the
 * dashboard reads whole hours here and the partial hours at the period's edges from the cycles themselves
 * (apps/server/src/modules/dashboard/dashboard.repository.ts). Also a partial index for the message page's
 * unread reset, which otherwise reads every message of the ticket.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTenantTable(
    db,
    'cycle_hour_totals',
    `hour timestamptz not null,
     user_id integer,
     cycles integer not null default 0,
     finished integer not null default 0,
     support_minutes numeric not null default 0,
     supported integer not null default 0,
     wait_minutes numeric not null default 0,
     started integer not null default 0,
     rating_sum integer not null default 0,
     rated integer not null default 0,
     closed integer not null default 0`,
  );
  await run(
    db,
    `comment on table cycle_hour_totals is
       'Per (company, UTC hour, user) totals of attendance cycles for the dashboard; kept by triggers on ticket_tracking and user_ratings';
     comment on column cycle_hour_totals.user_id is 'The cycles'' user; null for cycles nobody took (no foreign key: a deleted user''s cycles move to null through their own update)';
     comment on column cycle_hour_totals.cycles is 'Cycles queued in the hour';
     comment on column cycle_hour_totals.finished is 'Of the cycles queued in the hour, those finished';
     comment on column cycle_hour_totals.support_minutes is 'Sum of started → rating or finish, in minutes, over those with a positive one (supported)';
     comment on column cycle_hour_totals.wait_minutes is 'Sum of queued → started, in minutes, over the started ones (started)';
     comment on column cycle_hour_totals.rating_sum is 'Sum of the rates of the rated ones (rated)';
     comment on column cycle_hour_totals.closed is 'Cycles finished in the hour, wherever they were queued';
     create unique index cycle_hour_totals_key on cycle_hour_totals (company_id, hour, user_id)
       include (cycles, finished, support_minutes, supported, wait_minutes, started, rating_sum, rated, closed)
       nulls not distinct;

     -- The hour a time falls in, whatever the session time zone.
     create function cycle_hour(at timestamptz) returns timestamptz
       language sql immutable parallel safe
       as $f$ select date_bin('1 hour', at, timestamptz '2000-01-01 00:00:00+00') $f$;

     -- Adds (sign 1) or removes (sign -1) one cycle, with its rate (null: unrated), from the totals. Removing only
     -- updates: a row already gone with its company stays gone.
     create function apply_cycle_totals(c ticket_tracking, rate integer, sign integer) returns void
       language plpgsql
       as $f$
         declare
           support numeric := extract(epoch from (coalesce(c.rating_at, c.finished_at) - c.started_at)) / 60;
           wait numeric := extract(epoch from (c.started_at - c.queued_at)) / 60;
           d_finished integer := sign * (c.finished_at is not null)::int;
           d_support numeric := case when support > 0 then sign * support else 0 end;
           d_supported integer := sign * (coalesce(support, 0) > 0)::int;
           d_wait numeric := sign * coalesce(wait, 0);
           d_started integer := sign * (c.started_at is not null)::int;
           d_rating integer := sign * coalesce(rate, 0);
           d_rated integer := sign * (rate is not null)::int;
         begin
           if sign > 0 then
             insert into cycle_hour_totals as h
               (company_id, hour, user_id, cycles, finished, support_minutes, supported, wait_minutes, started,
                rating_sum, rated)
             values (c.company_id, cycle_hour(c.queued_at), c.user_id, 1, d_finished, d_support, d_supported,
                     d_wait, d_started, d_rating, d_rated)
             on conflict (company_id, hour, user_id) do update set
               cycles = h.cycles + 1, finished = h.finished + d_finished,
               support_minutes = h.support_minutes + d_support, supported = h.supported + d_supported,
               wait_minutes = h.wait_minutes + d_wait, started = h.started + d_started,
               rating_sum = h.rating_sum + d_rating, rated = h.rated + d_rated;
             if c.finished_at is not null then
               insert into cycle_hour_totals as h (company_id, hour, user_id, closed)
               values (c.company_id, cycle_hour(c.finished_at), c.user_id, 1)
               on conflict (company_id, hour, user_id) do update set closed = h.closed + 1;
             end if;
           else
             update cycle_hour_totals set
               cycles = cycles - 1, finished = finished + d_finished,
               support_minutes = support_minutes + d_support, supported = supported + d_supported,
               wait_minutes = wait_minutes + d_wait, started = started + d_started,
               rating_sum = rating_sum + d_rating, rated = rated + d_rated
              where company_id = c.company_id and hour = cycle_hour(c.queued_at) and user_id is not distinct from c.user_id;
             if c.finished_at is not null then
               update cycle_hour_totals set closed = closed - 1
                where company_id = c.company_id and hour = cycle_hour(c.finished_at)
                  and user_id is not distinct from c.user_id;
             end if;
           end if;
         end
       $f$;

     create function cycle_rate(company integer, tracking integer) returns integer
       language sql stable
       as $f$ select rate::int from user_ratings where company_id = company and tracking_id = tracking $f$;

     create function ticket_tracking_totals() returns trigger language plpgsql as $f$
       begin
         if tg_op in ('UPDATE', 'DELETE') then
           perform apply_cycle_totals(old, cycle_rate(old.company_id, old.id), -1);
         end if;
         if tg_op in ('INSERT', 'UPDATE') then
           perform apply_cycle_totals(new, cycle_rate(new.company_id, new.id), 1);
           return null;
         end if;
         return old;
       end
     $f$;
     create trigger ticket_tracking_totals_insert after insert on ticket_tracking
       for each row execute function ticket_tracking_totals();
     -- Most updates of a cycle (bot state, rating asks) touch nothing the totals read.
     create trigger ticket_tracking_totals_update after update on ticket_tracking
       for each row
       when ((old.queued_at, old.started_at, old.finished_at, old.rating_at, old.user_id)
         is distinct from (new.queued_at, new.started_at, new.finished_at, new.rating_at, new.user_id))
       execute function ticket_tracking_totals();
     -- Before the delete: the cascade then removes the cycle's rating, which must still count here.
     create trigger ticket_tracking_totals_delete before delete on ticket_tracking
       for each row execute function ticket_tracking_totals();

     -- A rating moves the rate of its cycle's row; a rating deleted with its cycle finds no cycle (already
     -- counted out by the cycle's trigger above).
     create function user_ratings_totals() returns trigger language plpgsql as $f$
       begin
         if tg_op in ('UPDATE', 'DELETE') then
           update cycle_hour_totals h set rating_sum = h.rating_sum - old.rate, rated = h.rated - 1
             from ticket_tracking tt
            where tt.company_id = old.company_id and tt.id = old.tracking_id
              and h.company_id = tt.company_id and h.hour = cycle_hour(tt.queued_at)
              and h.user_id is not distinct from tt.user_id;
         end if;
         if tg_op in ('INSERT', 'UPDATE') then
           update cycle_hour_totals h set rating_sum = h.rating_sum + new.rate, rated = h.rated + 1
             from ticket_tracking tt
            where tt.company_id = new.company_id and tt.id = new.tracking_id
              and h.company_id = tt.company_id and h.hour = cycle_hour(tt.queued_at)
              and h.user_id is not distinct from tt.user_id;
         end if;
         return null;
       end
     $f$;
     create trigger user_ratings_totals_change after insert or delete or update of rate, tracking_id on user_ratings
       for each row execute function user_ratings_totals();

     -- The owner's first page resets unread: find the customer's unread messages without reading the ticket's
     -- whole history (a handful at most, so the index stays small).
     create index messages_unread_idx on messages (company_id, ticket_id) where not read and not from_me;`,
  );
  await backfill(db);
}

/** The existing cycles' totals, as the triggers would have kept them. */
async function backfill(db: MigrationDb): Promise<void> {
  await run(
    db,
    `select set_config('app.system', 'on', true);
     insert into cycle_hour_totals
       (company_id, hour, user_id, cycles, finished, support_minutes, supported, wait_minutes, started,
        rating_sum, rated)
     select tt.company_id, cycle_hour(tt.queued_at), tt.user_id, count(*), count(tt.finished_at),
       coalesce(sum(t.support) filter (where t.support > 0), 0), count(*) filter (where t.support > 0),
       coalesce(sum(t.wait), 0), count(tt.started_at),
       coalesce(sum(ur.rate), 0), count(ur.rate)
       from ticket_tracking tt
       cross join lateral (
         select extract(epoch from (coalesce(tt.rating_at, tt.finished_at) - tt.started_at)) / 60 as support,
           extract(epoch from (tt.started_at - tt.queued_at)) / 60 as wait
       ) t
       left join user_ratings ur on ur.company_id = tt.company_id and ur.tracking_id = tt.id
      group by 1, 2, 3;
     insert into cycle_hour_totals as h (company_id, hour, user_id, closed)
     select company_id, cycle_hour(finished_at), user_id, count(*)
       from ticket_tracking where finished_at is not null
      group by 1, 2, 3
     on conflict (company_id, hour, user_id) do update set closed = excluded.closed;`,
  );
}
