import { run, type MigrationDb } from '../migration-helpers';

/**
 * The rating trigger of migration 2026112263 matched `starts_at = cycle_bucket(span, …)` with the span taken from
 * each row: no index range, so every rating read all of its company's cycle_totals rows. It now names each
 * (span, starts_at) key.
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `create or replace function rate_cycle_totals(company integer, tracking integer, rate integer, sign integer)
       returns void language plpgsql
       as $f$
         declare
           c record;
           s text;
         begin
           select tt.queued_at, tt.user_id into c from ticket_tracking tt
            where tt.company_id = company and tt.id = tracking;
           -- A rating deleted with its cycle finds no cycle: the cycle's own trigger counted it out.
           if not found then
             return;
           end if;
           foreach s in array array['hour', 'day'] loop
             update cycle_totals set rating_sum = rating_sum + sign * rate, rated = rated + sign
              where company_id = company and span = s and starts_at = cycle_bucket(s, c.queued_at)
                and user_id is not distinct from c.user_id;
           end loop;
         end
       $f$;
     create or replace function user_ratings_totals() returns trigger language plpgsql as $f$
       begin
         if tg_op in ('UPDATE', 'DELETE') then
           perform rate_cycle_totals(old.company_id, old.tracking_id, old.rate, -1);
         end if;
         if tg_op in ('INSERT', 'UPDATE') then
           perform rate_cycle_totals(new.company_id, new.tracking_id, new.rate, 1);
         end if;
         return null;
       end
     $f$;`,
  );
}
