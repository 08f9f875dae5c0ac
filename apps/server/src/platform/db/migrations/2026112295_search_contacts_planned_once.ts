import { run, type MigrationDb } from '../migration-helpers';

/**
 * The history search's contact part is planned once. `tickets_matching_search` (migration 2026112290) planned its
 * contact query again on every search: PostgreSQL estimates a LIKE on the trigram index's expression by trying
 * the pattern on its statistics, 0.25–1.7 ms a search, for the same plan every time. The function now forces a
 * generic plan for that query alone and puts the caller's setting back. The message query keeps its per-search
 * plan: how many trigram keys the term has decides it.
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `create or replace function tickets_matching_search(term text, pattern text) returns setof integer
       language plpgsql stable strict security definer set search_path = public
       as $f$
         declare
           company integer := nullif(current_setting('app.company_id', true), '')::int;
           keys integer[] := search_term_keys(company, term);
           normalized_pattern text := search_text(pattern);
           plans text := current_setting('plan_cache_mode');
         begin
           -- A ticket may come twice (several messages, or its contact too): callers only test membership.
           if cardinality(keys) > 0 then
             return query
               select m.ticket_id from messages m
                where m.company_id = company
                  and search_trigram_keys(m.company_id, m.body_search) @> keys
                  and m.body_search like normalized_pattern;
           else
             return query
               select m.ticket_id from messages m
                where m.company_id = company and m.body_search like normalized_pattern;
           end if;
           perform set_config('plan_cache_mode', 'force_generic_plan', true);
           return query
             select t.id from contacts c
               join tickets t on t.company_id = c.company_id and t.contact_id = c.id
              where c.company_id = company
                and (search_text(c.name) like normalized_pattern or c.number like pattern);
           perform set_config('plan_cache_mode', plans, true);
         end
       $f$;`,
  );
}
