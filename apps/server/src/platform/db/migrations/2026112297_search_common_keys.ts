import { APP_ROLE } from '../database';
import { run, type MigrationDb } from '../migration-helpers';

/**
 * The history search looks up only the term's uncommon keys. A word's trigrams are not equally rare: for
 * "cafeteira" in the benchmark's dataset four keys are in 5,058 messages each and three in 30,000–74,000. The
 * search index is asked for messages with every key, and reading the common keys' long posting lists cost about
 * 2 ms of the search's 10 ms in messages, while the rare keys alone find the same messages. Dropping keys is
 * always correct: every candidate is still checked with LIKE.
 *
 * Which keys are common is what ANALYZE found for the index (`pg_stats.most_common_elems` of
 * `messages_search_keys_idx`). Reading that array costs about a millisecond, so `search_common_keys` keeps a
 * copy that `refresh_search_common_keys()` rewrites (a job does every ten minutes). Its keys hash the company
 * in (migration 2026112290), so the table holds no tenant's text; only these functions read it.
 *
 * Keys not in the copy are rare and all kept: with an empty copy the search looks up every key, as before. A
 * term whose keys are all common keeps its two least common.
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `create table search_common_keys (
       key integer primary key,
       frequency real not null
     );
     comment on table search_common_keys is
       'Search index keys ANALYZE found common (messages_search_keys_idx), with the share of messages holding each';
     revoke all on search_common_keys from ${APP_ROLE};

     create function refresh_search_common_keys() returns integer
       language plpgsql volatile security definer set search_path = public
       as $f$
         declare
           copied integer;
         begin
           -- Several nodes may run the job at once: one rewrites the copy at a time.
           perform pg_advisory_xact_lock(hashtext('refresh_search_common_keys'));
           delete from search_common_keys;
           -- most_common_elem_freqs ends with three more figures (minimum, maximum, nulls): their keys are null.
           insert into search_common_keys (key, frequency)
             select common.key, max(common.frequency)
               from pg_stats s,
                    unnest(s.most_common_elems::text::integer[], s.most_common_elem_freqs) common(key, frequency)
              where s.schemaname = 'public' and s.tablename = 'messages_search_keys_idx' and common.key is not null
              group by common.key;
           get diagnostics copied = row_count;
           return copied;
         end
       $f$;
     revoke all on function refresh_search_common_keys() from public;
     grant execute on function refresh_search_common_keys() to ${APP_ROLE};
     comment on function refresh_search_common_keys() is
       'Copies the search index keys ANALYZE found common into search_common_keys; answers how many';

     create function search_lookup_keys(keys integer[]) returns integer[]
       language plpgsql stable strict set search_path = public
       as $f$
         declare
           uncommon integer[] := array(
             select k from unnest(keys) k where not exists (select 1 from search_common_keys c where c.key = k));
         begin
           if cardinality(uncommon) > 0 or cardinality(keys) = 0 then
             return uncommon;
           end if;
           return array(select c.key from search_common_keys c where c.key = any(keys) order by c.frequency, c.key limit 2);
         end
       $f$;
     revoke all on function search_lookup_keys(integer[]) from public;
     comment on function search_lookup_keys(integer[]) is
       'The keys a search looks up: those not known common, or the two least common when all are';

     create or replace function tickets_matching_search(term text, pattern text) returns setof integer
       language plpgsql stable strict security definer set search_path = public
       as $f$
         declare
           company integer := nullif(current_setting('app.company_id', true), '')::int;
           keys integer[] := search_lookup_keys(search_term_keys(company, term));
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
