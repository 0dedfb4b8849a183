import type { AppMigration } from '../../contract/app-schema'
import { searchEverythingFunction } from './search-everything'

/**
 * Each message's words stored once, as it is written, so a search no longer parses every
 * message of the searcher's (docs/product/search.md, docs/security.md "Known limits").
 *
 * Row-level security keeps the text index out of a search: the match operator is not
 * leakproof, so PostgreSQL reads the caller's messages by the user index and tests each. That
 * stays (least privilege before speed); what changes is the test's cost: a stored `tsvector`
 * is matched without parsing the text again.
 *
 * - `chat_message_vectors`: one row per message (its owner, id, time and words), readable by
 *   its owner only; no request role may write it. A trigger on `chat_messages` writes it as the
 *   table's owner (security definer), for the row the writer was just allowed to write, and a
 *   deleted message takes its row with it (foreign key).
 * - `search_everything()` matches and ranks messages by their stored words, newest first as
 *   before; titles and prompts are few and keep their expression indexes.
 */
export const searchVectors: AppMigration = {
  version: 20,
  name: "search: messages' words stored once, not parsed at each search",
  sql: `
    create table chat_message_vectors (
      user_id text not null,
      message_id text not null,
      created_at timestamptz not null,
      vector tsvector not null,
      primary key (user_id, message_id),
      foreign key (user_id, message_id) references chat_messages (user_id, id) on delete cascade
    );
    create index chat_message_vectors_newest
      on chat_message_vectors (user_id, created_at desc, message_id desc);
    create index chat_message_vectors_search on chat_message_vectors using gin (vector);
    alter table chat_message_vectors enable row level security;
    create policy chat_message_vectors_own on chat_message_vectors for select to authenticated
      using (user_id = auth_uid());
    grant select on chat_message_vectors to authenticated;

    insert into chat_message_vectors (user_id, message_id, created_at, vector)
      select user_id, id, created_at, to_tsvector('english'::regconfig, content)
        from chat_messages;

    -- As the owner: the request roles cannot write the table, only this trigger can, and only
    -- for the message row that fired it.
    create function chat_messages_store_vector() returns trigger
      language plpgsql security definer set search_path from current
    as $fn$
    begin
      insert into chat_message_vectors (user_id, message_id, created_at, vector)
        values (new.user_id, new.id, new.created_at, to_tsvector('english'::regconfig, new.content))
        on conflict (user_id, message_id) do update
          set created_at = excluded.created_at, vector = excluded.vector;
      return null;
    end
    $fn$;
    revoke execute on function chat_messages_store_vector() from public;
    create trigger chat_messages_store_vector
      after insert or update of content, created_at on chat_messages
      for each row execute function chat_messages_store_vector();

    ${searchEverythingFunction({ replace: true, messages: 'stored' })}
  `,
}
