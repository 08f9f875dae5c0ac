import { run, type MigrationDb } from '../migration-helpers';

/**
 * A 30-day dashboard still summed ~15,000 hour rows of cycle_hour_totals (20 agents) per load. The totals now come
 * in two spans: UTC days for the whole days of a period, hours for the whole hours around them; the cycles of
 * the partial hours at its edges are still read one by one. The table becomes cycle_totals (span, starts_at).
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `alter table cycle_hour_totals rename to cycle_totals;
     alter table cycle_totals rename column hour to starts_at;
     alter table cycle_totals rename constraint cycle_hour_totals_company_id_id_key to cycle_totals_company_id_id_key;
     alter index cycle_hour_totals_pkey rename to cycle_totals_pkey;
     alter sequence cycle_hour_totals_id_seq rename to cycle_totals_id_seq;
     alter policy cycle_hour_totals_tenant_isolation on cycle_totals rename to cycle_totals_tenant_isolation;
     alter table cycle_totals add column span text not null default 'hour'
       constraint cycle_totals_span_check check (span in ('hour', 'day'));
     drop index cycle_hour_totals_key;
     create unique index cycle_totals_key on cycle_totals (company_id, span, starts_at, user_id)
       include (cycles, finished, support_minutes, supported, wait_minutes, started, rating_sum, rated, closed)
       nulls not distinct;
     comment on table cycle_totals is
       'Per (company, UTC hour or day, user) totals of attendance cycles for the dashboard; kept by triggers on ticket_tracking and user_ratings';
     comment on column cycle_totals.span is 'The length of the bucket: hour or day (UTC)';
     comment on column cycle_totals.starts_at is 'Start of the bucket (UTC hour or UTC midnight)';
     comment on column cycle_totals.cycles is 'Cycles queued in the bucket';
     comment on column cycle_totals.finished is 'Of the cycles queued in the bucket, those finished';
     comment on column cycle_totals.closed is 'Cycles finished in the bucket, wherever they were queued';

     -- The bucket of a span a time falls in, whatever the session time zone.
     create function cycle_bucket(span text, at timestamptz) returns timestamptz
       language sql immutable parallel safe
       as $f$ select date_bin(case span when 'hour' then interval '1 hour' else interval '1 day' end, at, timestamptz '2000-01-01 00:00:00+00') $f$;

     create or replace function apply_cycle_totals(c ticket_tracking, rate integer, sign integer) returns void
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
           s text;
         begin
           foreach s in array array['hour', 'day'] loop
             if sign > 0 then
               insert into cycle_totals as h
                 (company_id, span, starts_at, user_id, cycles, finished, support_minutes, supported, wait_minutes,
                  started, rating_sum, rated)
               values (c.company_id, s, cycle_bucket(s, c.queued_at), c.user_id, 1, d_finished, d_support,
                       d_supported, d_wait, d_started, d_rating, d_rated)
               on conflict (company_id, span, starts_at, user_id) do update set
                 cycles = h.cycles + 1, finished = h.finished + d_finished,
                 support_minutes = h.support_minutes + d_support, supported = h.supported + d_supported,
                 wait_minutes = h.wait_minutes + d_wait, started = h.started + d_started,
                 rating_sum = h.rating_sum + d_rating, rated = h.rated + d_rated;
               if c.finished_at is not null then
                 insert into cycle_totals as h (company_id, span, starts_at, user_id, closed)
                 values (c.company_id, s, cycle_bucket(s, c.finished_at), c.user_id, 1)
                 on conflict (company_id, span, starts_at, user_id) do update set closed = h.closed + 1;
               end if;
             else
               update cycle_totals set
                 cycles = cycles - 1, finished = finished + d_finished,
                 support_minutes = support_minutes + d_support, supported = supported + d_supported,
                 wait_minutes = wait_minutes + d_wait, started = started + d_started,
                 rating_sum = rating_sum + d_rating, rated = rated + d_rated
                where company_id = c.company_id and span = s and starts_at = cycle_bucket(s, c.queued_at)
                  and user_id is not distinct from c.user_id;
               if c.finished_at is not null then
                 update cycle_totals set closed = closed - 1
                  where company_id = c.company_id and span = s and starts_at = cycle_bucket(s, c.finished_at)
                    and user_id is not distinct from c.user_id;
               end if;
             end if;
           end loop;
         end
       $f$;

     create or replace function user_ratings_totals() returns trigger language plpgsql as $f$
       begin
         if tg_op in ('UPDATE', 'DELETE') then
           update cycle_totals h set rating_sum = h.rating_sum - old.rate, rated = h.rated - 1
             from ticket_tracking tt
            where tt.company_id = old.company_id and tt.id = old.tracking_id
              and h.company_id = tt.company_id and h.starts_at = cycle_bucket(h.span, tt.queued_at)
              and h.user_id is not distinct from tt.user_id;
         end if;
         if tg_op in ('INSERT', 'UPDATE') then
           update cycle_totals h set rating_sum = h.rating_sum + new.rate, rated = h.rated + 1
             from ticket_tracking tt
            where tt.company_id = new.company_id and tt.id = new.tracking_id
              and h.company_id = tt.company_id and h.starts_at = cycle_bucket(h.span, tt.queued_at)
              and h.user_id is not distinct from tt.user_id;
         end if;
         return null;
       end
     $f$;
     drop function cycle_hour(timestamptz);

     select set_config('app.system', 'on', true);
     insert into cycle_totals
       (company_id, span, starts_at, user_id, cycles, finished, support_minutes, supported, wait_minutes, started,
        rating_sum, rated, closed)
     select company_id, 'day', cycle_bucket('day', starts_at), user_id, sum(cycles),
       sum(finished), sum(support_minutes), sum(supported), sum(wait_minutes), sum(started), sum(rating_sum),
       sum(rated), sum(closed)
       from cycle_totals where span = 'hour'
      group by 1, 2, 3, 4;`,
  );
}
