import type { AppMigration } from '../../contract/app-schema'
import { SEARCH_QUERY_MAX_CHARS } from './search-everything'

/** The most prompts one ranking call orders (docs/product/limits.md#search). */
export const RANKED_PROMPTS_MAX = 1_000

/**
 * The Prompt Library's search in the order of the app's search (docs/product/search.md): the
 * library still lists what contains the typed text (docs/product/validation.md), and asks the
 * database to order it. `rank_prompts(query, ids)` takes what the user typed as the search box
 * does (`websearch_to_tsquery`, English) and returns, best first, those of `ids` that match it,
 * ranked as `search_everything()` ranks prompts: `ts_rank` over the title and the content, then
 * the newest change. Prompts it does not return keep the list's order after the ranked ones.
 * It runs as the caller (security invoker): a prompt they cannot read is never returned.
 */
export const promptRanking: AppMigration = {
  version: 19,
  name: 'rank_prompts(): the library search ranked as search is',
  sql: `
    create function rank_prompts(p_query text, p_ids jsonb)
      returns table (id text)
      language plpgsql stable security invoker
    as $fn$
    begin
      if jsonb_typeof(p_ids) is distinct from 'array'
          or jsonb_array_length(p_ids) > ${RANKED_PROMPTS_MAX} then
        raise exception 'A ranking names at most ${RANKED_PROMPTS_MAX.toLocaleString('en')} prompts'
          using errcode = 'check_violation';
      end if;
      return query
        select p.id
          from prompts p,
            websearch_to_tsquery('english'::regconfig, left(coalesce(p_query, ''), ${SEARCH_QUERY_MAX_CHARS})) q
          where p.id in (select jsonb_array_elements_text(p_ids))
            and to_tsvector('english'::regconfig, p.title || ' ' || p.content) @@ q
          order by ts_rank(to_tsvector('english'::regconfig, p.title || ' ' || p.content), q) desc,
            p.updated_at desc, p.id;
    end
    $fn$;
  `,
}
