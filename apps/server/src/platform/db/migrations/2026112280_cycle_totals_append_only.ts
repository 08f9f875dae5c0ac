import { run, type MigrationDb } from '../migration-helpers';

/**
 * cycle_totals kept one row per (company, span, bucket, user) and the triggers upserted it: every transaction
 * that opened, took or closed a cycle locked the company's row of the current hour and day until it committed, so
 * concurrent inbound rounds and ticket actions of one company waited for each other (an inbound round creating
 * cycles waited ~370 ms per cycle under load). The triggers now only append delta rows (`delta`), which never
 * conflict; readers already sum the rows of a bucket. `compact_cycle_totals` folds a bucket's deltas into one row
 * (a job every minute), so the rows read stay few.
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `drop index cycle_totals_key;
     alter table cycle_totals add column delta boolean not null default true;
     update cycle_totals set delta = false;
     create index cycle_totals_bucket_idx on cycle_totals (company_id, span, starts_at, user_id)
       include (cycles, finished, support_minutes, supported, wait_minutes, started, rating_sum, rated, closed);
     create index cycle_totals_delta_idx on cycle_totals (company_id, span, starts_at, user_id) where delta;
     comment on table cycle_totals is
       'Per (company, UTC hour or day, user) totals of attendance cycles for the dashboard, as rows to sum: triggers on ticket_tracking and user_ratings append deltas, compact_cycle_totals folds them';
     comment on column cycle_totals.delta is 'Appended by a trigger and not folded yet';

     create or replace function apply_cycle_totals(c ticket_tracking, rate integer, sign integer) returns void
       language plpgsql
       as $f$
         declare
           support numeric := extract(epoch from (coalesce(c.rating_at, c.finished_at) - c.started_at)) / 60;
           wait numeric := extract(epoch from (c.started_at - c.queued_at)) / 60;
         begin
           insert into cycle_totals
             (company_id, span, starts_at, user_id, cycles, finished, support_minutes, supported, wait_minutes,
              started, rating_sum, rated, closed)
           select c.company_id, s.span, cycle_bucket(s.span, c.queued_at), c.user_id, sign,
             sign * (c.finished_at is not null)::int,
             case when support > 0 then sign * support else 0 end,
             sign * (coalesce(support, 0) > 0)::int,
             sign * coalesce(wait, 0),
             sign * (c.started_at is not null)::int,
             sign * coalesce(rate, 0),
             sign * (rate is not null)::int,
             0
           from (values ('hour'), ('day')) s(span)
           union all
           select c.company_id, s.span, cycle_bucket(s.span, c.finished_at), c.user_id, 0, 0, 0, 0, 0, 0, 0, 0, sign
           from (values ('hour'), ('day')) s(span)
           where c.finished_at is not null;
         end
       $f$;

     create or replace function rate_cycle_totals(company integer, tracking integer, rate integer, sign integer)
       returns void language plpgsql
       as $f$
         declare
           c record;
         begin
           select tt.queued_at, tt.user_id into c from ticket_tracking tt
            where tt.company_id = company and tt.id = tracking;
           -- A rating deleted with its cycle finds no cycle: the cycle's own trigger counted it out.
           if not found then
             return;
           end if;
           insert into cycle_totals (company_id, span, starts_at, user_id, rating_sum, rated)
           select company, s.span, cycle_bucket(s.span, c.queued_at), c.user_id, sign * rate, sign
             from (values ('hour'), ('day')) s(span);
         end
       $f$;

     -- Folds the deltas of up to max_buckets buckets (each into one row, or none when it sums to nothing) and
     -- answers how many buckets it folded. Runs in the caller's tenant scope or as the system (every company).
     -- Rows appended meanwhile by transactions not yet committed are not seen: they wait for the next run.
     create function compact_cycle_totals(max_buckets integer) returns integer
       language plpgsql
       as $f$
         declare
           folded integer;
         begin
           -- One folder at a time: two deleting the same buckets in different orders could deadlock.
           if not pg_try_advisory_xact_lock(hashtextextended('compact_cycle_totals', 0)) then
             return 0;
           end if;
           with buckets as (
             select distinct company_id, span, starts_at, user_id from cycle_totals where delta limit max_buckets
           ),
           gone as (
             delete from cycle_totals h using buckets b
              where h.company_id = b.company_id and h.span = b.span and h.starts_at = b.starts_at
                and h.user_id is not distinct from b.user_id
             returning h.*
           ),
           summed as (
             insert into cycle_totals
               (company_id, span, starts_at, user_id, cycles, finished, support_minutes, supported, wait_minutes,
                started, rating_sum, rated, closed, delta)
             select company_id, span, starts_at, user_id, sum(cycles), sum(finished), sum(support_minutes),
               sum(supported), sum(wait_minutes), sum(started), sum(rating_sum), sum(rated), sum(closed), false
               from gone
              group by company_id, span, starts_at, user_id
             having sum(cycles) <> 0 or sum(finished) <> 0 or sum(support_minutes) <> 0 or sum(supported) <> 0
                 or sum(wait_minutes) <> 0 or sum(started) <> 0 or sum(rating_sum) <> 0 or sum(rated) <> 0
                 or sum(closed) <> 0
             returning 1
           )
           -- Every part of the statement runs, whatever the last select reads.
           select count(*) into folded from buckets;
           return folded;
         end
       $f$;`,
  );
}
