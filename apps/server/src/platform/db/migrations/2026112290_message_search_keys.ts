import { APP_ROLE } from '../database';
import { run, type MigrationDb } from '../migration-helpers';

/**
 * The history search at 1,000,000 messages per company (decision 0009). The trigram index on
 * (company_id, search_text(body)) spent most of a search decoding the company's posting list, one entry per
 * message of the company, and every candidate was unaccented again to be checked. Now:
 * - `body_search` stores the normalised body once, so checking a candidate is a plain LIKE;
 * - the index keys are the body's trigrams hashed together with the company (`search_trigram_keys`), so a
 *   search reads only its own company's posting lists of the term's rarest trigrams;
 * - `search_term_keys` gives the trigrams every matching body must have: those of the term's words that do
 *   not depend on what surrounds the term (the term is padded with two different letters and only the
 *   trigrams both paddings share are kept). A term without any (under three letters) reads every message of
 *   the company, as the trigram index did.
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `alter table messages add column body_search text generated always as (search_text(body)) stored;
     comment on column messages.body_search is 'search_text(body): the body as the history search compares it';

     create function search_trigram_keys(company integer, normalized text) returns integer[]
       language sql immutable parallel safe strict
       as $f$
         select array(select pg_catalog.hashtext(company::text || ':' || trigram)
                        from unnest(public.show_trgm(normalized)) trigram)
       $f$;
     comment on function search_trigram_keys(integer, text) is
       'Index keys of a normalised text: its trigrams, each hashed with the company';

     create function search_term_keys(company integer, term text) returns integer[]
       language sql immutable parallel safe strict
       as $f$
         select array(select pg_catalog.hashtext(company::text || ':' || trigram)
                        from (select unnest(public.show_trgm('a' || public.search_text(term) || 'a'))
                              intersect
                              select unnest(public.show_trgm('b' || public.search_text(term) || 'b'))) inner_trigram(trigram))
       $f$;
     comment on function search_term_keys(integer, text) is
       'Keys every text containing the term has: the term''s trigrams that do not depend on its surroundings';

     create index messages_search_keys_idx on messages using gin (search_trigram_keys(company_id, body_search));
     drop index messages_body_search_idx;

     drop function tickets_matching_search(text);
     create function tickets_matching_search(term text, pattern text) returns setof integer
       language plpgsql stable strict security definer set search_path = public
       as $f$
         declare
           company integer := nullif(current_setting('app.company_id', true), '')::int;
           keys integer[] := search_term_keys(company, term);
           normalized_pattern text := search_text(pattern);
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
           return query
             select t.id from contacts c
               join tickets t on t.company_id = c.company_id and t.contact_id = c.id
              where c.company_id = company
                and (search_text(c.name) like normalized_pattern or c.number like pattern);
         end
       $f$;
     revoke all on function tickets_matching_search(text, text) from public;
     grant execute on function tickets_matching_search(text, text) to ${APP_ROLE};
     comment on function tickets_matching_search(text, text) is
       'Ids (repeated at times) of the current company''s tickets whose messages, contact name or number contain the term';`,
  );
}

/** Adding the stored column rewrites messages (see migrator.ts). */
export const vacuumAfter = ['messages'];
