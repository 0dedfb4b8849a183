import type { AppMigration } from '../../contract/app-schema'

/** The most messages a shared snapshot holds (docs/product/limits.md#conversations). */
export const SHARED_MESSAGES_MAX = 10_000
/** The most share links one user keeps; revoking one frees its place. */
export const SHARED_LINKS_MAX = 500

/**
 * Sharing a conversation by link (docs/product/conversations.md#share-by-link): a read-only
 * snapshot of the conversation's current path, taken by the database when the link is made, so
 * what the link shows is what the conversation was, whatever is said or deleted in it later.
 *
 * - `shared_conversations`: one row per link, owner-only under row-level security (list, make,
 *   revoke by deleting; a snapshot is never edited). A deleted conversation takes its links
 *   with it. The id is the link's secret: 32 random hex digits (`gen_random_uuid`'s 122 random
 *   bits), never guessable, never listed to anyone but the owner.
 * - `share_conversation(conversation)`: takes the snapshot as the caller (security invoker), so
 *   it reads only their own conversation: another user's, or none, is `Conversation not found`
 *   (P0002, a 404) alike.
 * - `shared_conversation(id)`: the one way in for a visitor, signed in or not. It runs as the
 *   table's owner (security definer) and returns the one link it is given, or nothing: an
 *   unknown and a revoked link look the same, and no call lists or counts links.
 * - `continue_shared_conversation(id)`: a signed-in visitor's copy, as a new conversation of
 *   theirs, written as them (security invoker), every message on one path.
 */
export const sharedConversations: AppMigration = {
  version: 18,
  name: 'conversations shared by link: snapshots, read by id only',
  sql: `
    create table shared_conversations (
      id text primary key
        default 'share_' || replace(gen_random_uuid()::text, '-', '')
        check (id ~ '^share_[0-9a-f]{32}$'),
      user_id text not null default auth_uid(),
      conversation_id text not null,
      title text not null,
      messages jsonb not null check (jsonb_typeof(messages) = 'array'),
      message_count integer not null check (message_count between 1 and ${SHARED_MESSAGES_MAX}),
      created_at timestamptz not null default now(),
      foreign key (user_id, conversation_id) references conversations (user_id, id)
        on delete cascade
    );
    create index shared_conversations_owner
      on shared_conversations (user_id, conversation_id, created_at desc);
    alter table shared_conversations enable row level security;
    create policy shared_conversations_read on shared_conversations for select to authenticated
      using (user_id = auth_uid());
    create policy shared_conversations_insert on shared_conversations for insert to authenticated
      with check (user_id = auth_uid());
    -- The limit says itself (a policy could only refuse in general), as the folder limit does.
    create function shared_conversations_limit() returns trigger
      language plpgsql volatile security invoker
    as $fn$
    begin
      if (select count(*) from shared_conversations where user_id = new.user_id)
          >= ${SHARED_LINKS_MAX} then
        raise exception 'You can keep at most ${SHARED_LINKS_MAX} share links. Revoke one to make another.'
          using errcode = 'check_violation';
      end if;
      return new;
    end
    $fn$;
    create trigger shared_conversations_limit before insert on shared_conversations
      for each row execute function shared_conversations_limit();
    create policy shared_conversations_revoke on shared_conversations for delete to authenticated
      using (user_id = auth_uid());
    grant select, insert, delete on shared_conversations to authenticated;

    create function share_conversation(p_conversation text)
      returns table (
        id text, conversation_id text, title text, message_count integer, created_at timestamptz
      )
      language plpgsql volatile security invoker
    as $fn$
    declare
      v_title text;
      v_leaf text;
      v_messages jsonb;
      v_count integer;
    begin
      select c.title, coalesce(c.current_leaf_id, (
          select newest.id from chat_messages newest
            where newest.user_id = auth_uid() and newest.conversation_id = c.id
            order by newest.created_at desc, newest.id desc limit 1))
        into v_title, v_leaf
        from conversations c where c.user_id = auth_uid() and c.id = p_conversation;
      if not found then
        raise exception 'Conversation not found' using errcode = 'no_data_found';
      end if;
      with recursive walk as (
        select m.id, m.parent_id, 1 as step from chat_messages m
          where m.user_id = auth_uid() and m.conversation_id = p_conversation and m.id = v_leaf
        union all
        select m.id, m.parent_id, walk.step + 1 from walk join chat_messages m
          on m.user_id = auth_uid() and m.conversation_id = p_conversation
            and m.id = walk.parent_id
          where walk.step <= ${SHARED_MESSAGES_MAX}
      )
      select count(*), jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
          'role', m.role,
          'modelId', m.model_id,
          'model', case when m.role = 'assistant'
            then coalesce((select a.name from ai_models a where a.id = m.model_id), m.model_id)
          end,
          'at', m.created_at,
          'content', m.content,
          'ended', nullif(m.status, 'complete'),
          'failure', m.failure
        )) order by walk.step desc)
        into v_count, v_messages
        from walk join chat_messages m on m.user_id = auth_uid() and m.id = walk.id;
      if v_count = 0 then
        raise exception 'An empty conversation cannot be shared' using errcode = 'check_violation';
      end if;
      if v_count > ${SHARED_MESSAGES_MAX} then
        raise exception 'A conversation of more than ${SHARED_MESSAGES_MAX.toLocaleString('en')} messages cannot be shared'
          using errcode = 'check_violation';
      end if;
      return query
        insert into shared_conversations as s (conversation_id, title, messages, message_count)
          values (p_conversation, v_title, v_messages, v_count)
          returning s.id, s.conversation_id, s.title, s.message_count, s.created_at;
    end
    $fn$;

    -- Runs as the owner, whose search_path is pinned: the caller cannot point its names
    -- elsewhere. Execute is the request roles', no one else's.
    create function shared_conversation(p_id text)
      returns table (title text, messages jsonb, created_at timestamptz)
      language sql stable security definer set search_path from current
    as $fn$
      select s.title, s.messages, s.created_at from shared_conversations s
        where s.id = p_id and char_length(p_id) <= 100
    $fn$;
    revoke execute on function shared_conversation(text) from public;
    grant execute on function shared_conversation(text) to anon, authenticated;

    create function continue_shared_conversation(p_id text) returns text
      language plpgsql volatile security invoker
    as $fn$
    declare
      v_shared record;
      v_ms bigint := floor(extract(epoch from clock_timestamp()) * 1000);
      v_now timestamptz := clock_timestamp();
      v_id text;
      v_count integer;
    begin
      select * into v_shared from shared_conversation(p_id);
      if not found then
        raise exception 'Conversation not found' using errcode = 'no_data_found';
      end if;
      v_id := 'conv_' || v_ms;
      while exists (select 1 from conversations c where c.user_id = auth_uid() and c.id = v_id) loop
        v_ms := v_ms + 1;
        v_id := 'conv_' || v_ms;
      end loop;
      insert into conversations (id, user_id, title, created_at, updated_at)
        values (v_id, auth_uid(), v_shared.title, v_now, v_now);
      v_count := jsonb_array_length(v_shared.messages);
      -- One path, oldest first, each the parent of the next; times just before now, in order.
      insert into chat_messages (id, user_id, conversation_id, parent_id, role, model_id,
          content, status, failure, created_at)
        select 'msg_' || v_ms || '_' || n || '_' || (m ->> 'role'), auth_uid(), v_id,
            case when n = 1 then null
              else 'msg_' || v_ms || '_' || (n - 1) || '_' || (lag(m ->> 'role') over (order by n))
            end,
            m ->> 'role', m ->> 'modelId', m ->> 'content',
            coalesce(m ->> 'ended', 'complete'), m ->> 'failure',
            v_now - ((v_count - n) * interval '1 microsecond')
          from jsonb_array_elements(v_shared.messages) with ordinality as e(m, n)
          order by n;
      return v_id;
    end
    $fn$;
    revoke execute on function continue_shared_conversation(text) from public;
    grant execute on function continue_shared_conversation(text) to authenticated;
  `,
}
