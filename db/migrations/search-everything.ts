import type { AppMigration } from '../../contract/app-schema'

/** The longest query searched: anything after it is dropped (docs/product/search.md). */
export const SEARCH_QUERY_MAX_CHARS = 200
/** At most this many results of each kind (conversations, prompts) one search returns. */
export const SEARCH_RESULTS_MAX = 20
/**
 * The newest messages matching a search that are ranked: a word in thousands of messages
 * costs a sort by time, not a rank of each (docs/product/search.md).
 */
export const SEARCH_MESSAGES_RANKED = 500

/** A text up to this long is its own snippet, whole; a longer one is cut around its matches. */
export const SNIPPET_WHOLE_CHARS = 240

/** Matches sit between two control characters, which are taken out of the text itself first. */
const MARKS = 'StartSel=\u0002, StopSel=\u0003'
const AROUND_MATCHES = `${MARKS}, MaxWords=28, MinWords=10, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`

/**
 * Where a message's words come from: parsed from its text at each search (migration 12), or
 * stored once as it is written (`chat_message_vectors`, migration 20, db/migrations/search-vectors.ts).
 */
type MessageWords = 'parsed' | 'stored'

const MATCHED_MESSAGES: Record<MessageWords, string> = {
  parsed: `        select m.conversation_id, m.id, m.content, m.created_at
          from query, chat_messages m
          where m.user_id = auth_uid() and m.conversation_id is not null
            and to_tsvector('english'::regconfig, m.content) @@ query.q
          order by m.created_at desc, m.id desc
          limit ${SEARCH_MESSAGES_RANKED}`,
  // The newest matches are chosen from the stored words alone, and only those are joined to
  // their messages: a word in every message costs a scan of the words, not a look-up of each.
  stored: `        select m.conversation_id, m.id, m.content, m.created_at, newest.vector
          from (
            select v.message_id, v.vector
              from query, chat_message_vectors v
              where v.user_id = auth_uid() and v.vector @@ query.q
              order by v.created_at desc, v.message_id desc
              limit ${SEARCH_MESSAGES_RANKED}
          ) newest
          join chat_messages m on m.user_id = auth_uid() and m.id = newest.message_id
          where m.conversation_id is not null`,
}

const MESSAGE_VECTOR: Record<MessageWords, string> = {
  parsed: "to_tsvector('english'::regconfig, mm.content)",
  stored: 'mm.vector',
}

/** `search_everything()`'s definition, with the messages' words from where `messages` says. */
export function searchEverythingFunction(options: {
  replace: boolean
  messages: MessageWords
}): string {
  const { replace, messages } = options
  return `create ${replace ? 'or replace ' : ''}function search_everything(p_query text, p_limit integer)
      returns table (
        kind text, id text, message_id text, title text, snippet text,
        prompt_type text, own boolean, at timestamptz
      )
      language sql stable
    as $fn$
      with query as (
        select websearch_to_tsquery('english'::regconfig,
          left(coalesce(p_query, ''), ${SEARCH_QUERY_MAX_CHARS})) as q,
          least(greatest(coalesce(p_limit, 1), 1), ${SEARCH_RESULTS_MAX}) as n
      ), matched_messages as (
${MATCHED_MESSAGES[messages]}
      ), hits as (
        select mm.conversation_id, mm.id as message_id, mm.content as body, mm.created_at as at,
            ts_rank(${MESSAGE_VECTOR[messages]}, query.q) as rank
          from query, matched_messages mm
        union all
        -- A title says what the whole conversation is about: it outranks a passing mention.
        select c.id, null, c.title, c.updated_at,
            2 * ts_rank(to_tsvector('english'::regconfig, c.title), query.q)
          from query, conversations c
          where c.user_id = auth_uid()
            and to_tsvector('english'::regconfig, c.title) @@ query.q
      ), best as (
        select distinct on (conversation_id) *
          from hits
          order by conversation_id, rank desc, at desc
      ), top_conversations as (
        select best.*, c.title
          from best join conversations c on c.user_id = auth_uid() and c.id = best.conversation_id
          order by best.rank desc, best.at desc
          limit (select n from query)
      ), top_prompts as (
        select p.id, p.title, p.content, p.type, p.user_id = auth_uid() as own,
            p.updated_at as at,
            ts_rank(to_tsvector('english'::regconfig, p.title || ' ' || p.content), query.q)
              as rank
          from query, prompts p
          where (p.user_id = auth_uid() or p.is_public = '1')
            and to_tsvector('english'::regconfig, p.title || ' ' || p.content) @@ query.q
            and not exists (
              select 1 from user_prompt_deletions d
                where d.user_id = auth_uid() and d.prompt_id = p.id
            )
          order by rank desc, p.updated_at desc
          limit (select n from query)
      )
      select r.kind, r.id, r.message_id, r.title, r.snippet, r.prompt_type, r.own, r.at
        from (
          select 'conversation' as kind, t.conversation_id as id, t.message_id, t.title,
              search_snippet(t.body, query.q) as snippet,
              null::text as prompt_type, true as own, t.at, t.rank
            from top_conversations t, query
          union all
          select 'prompt', t.id, null, t.title,
              search_snippet(t.content, query.q),
              t.type, t.own, t.at, t.rank
            from top_prompts t, query
        ) r
        order by r.kind, r.rank desc, r.at desc, r.id
    $fn$;`
}

/**
 * Search (docs/product/search.md): PostgreSQL's full-text search over the caller's conversation
 * titles and message text, and the prompts they can read (their own, and public ones they have
 * not hidden). The same on PGlite and PostgreSQL; no search server beside the database.
 *
 * `search_everything(query, limit)` takes what the user typed as a web search engine does
 * (`websearch_to_tsquery`: "quoted phrases", `-word`, `or`), stemmed as English, and returns
 * the best conversations (one row each: its best message, or its title) and the best prompts,
 * each with a snippet whose matches sit between \u0002 and \u0003 (`search_snippet`). It runs as
 * the caller (security invoker) and names the caller's own rows besides, so row-level security
 * answers for every row: another user's conversation is never returned, nor counted.
 *
 * Expression indexes (GIN) serve the match; the snippet is made for the returned rows only.
 */
export const searchEverything: AppMigration = {
  version: 12,
  name: 'search: full-text indexes and search_everything()',
  sql: `
    create index chat_messages_search on chat_messages
      using gin (to_tsvector('english'::regconfig, content));
    create index conversations_search on conversations
      using gin (to_tsvector('english'::regconfig, title));
    create index prompts_search on prompts
      using gin (to_tsvector('english'::regconfig, title || ' ' || content));

    -- ts_headline drops what its parser takes for an HTML tag, so '<' goes in as \x01 and the
    -- app turns it back (src/domain/search-result.ts): '<b>' in a message stays '<b>'.
    create function search_snippet(p_body text, p_query tsquery) returns text
      language sql immutable
    as $fn$
      select ts_headline('english'::regconfig, translate(p_body, E'<\\x02\\x03', E'\\x01'),
        p_query,
        case when char_length(p_body) <= ${SNIPPET_WHOLE_CHARS}
          then '${MARKS}, HighlightAll=true'
          else '${AROUND_MATCHES}'
        end)
    $fn$;

    ${searchEverythingFunction({ replace: false, messages: 'parsed' })}
  `,
}
