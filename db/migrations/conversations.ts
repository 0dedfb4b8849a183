import type { AppMigration } from '../../contract/app-schema'
import { ownRows } from './row-policies'

/**
 * Conversations (docs/product/conversations.md): each chat message belongs to one, each
 * conversation to one user, who alone may see, rename or delete it; deleting it deletes its
 * messages. History written before this change becomes one conversation per user, so no
 * message is lost: its id is `conv_legacy_<user id>`, its title the first line of that user's
 * first message (as `titleFromMessage` in src/domain/conversation.ts makes titles), its times
 * those of the first and the last message.
 *
 * A message may only be written into a conversation its writer owns; saving one marks its
 * conversation active (`updated_at`), so the list's order needs no second write.
 */
export const conversations: AppMigration = {
  version: 5,
  name: 'conversations, owned by their user, with every chat message in one',
  sql: `
    create table conversations (
      id text primary key default md5(random()::text || clock_timestamp()::text),
      user_id text not null,
      title text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index conversations_user_updated on conversations (user_id, updated_at desc);
    ${ownRows('conversations')}

    alter table chat_messages
      add column conversation_id text references conversations (id) on delete cascade;
    create index chat_messages_conversation_created on chat_messages (conversation_id, created_at);

    -- The history of before: one conversation per user who has messages.
    insert into conversations (id, user_id, title, created_at, updated_at)
      select 'conv_legacy_' || m.user_id, m.user_id,
        coalesce((
          select nullif(btrim(left(btrim(split_part(
              btrim(first.content, E' \\t\\r\\n'), E'\\n', 1), E' \\t\\r'), 60), E' \\t\\r'), '')
            from chat_messages first
            where first.user_id = m.user_id and first.role = 'user'
            order by first.created_at, first.id
            limit 1
        ), 'New chat'),
        min(m.created_at), max(m.created_at)
      from chat_messages m
      group by m.user_id;
    update chat_messages set conversation_id = 'conv_legacy_' || user_id
      where conversation_id is null;

    -- Own messages only, and only into one's own conversation.
    drop policy chat_messages_own on chat_messages;
    create policy chat_messages_own on chat_messages for all to authenticated
      using (user_id = auth_uid())
      with check (
        user_id = auth_uid() and (
          conversation_id is null or exists (
            select 1 from conversations c
            where c.id = chat_messages.conversation_id and c.user_id = auth_uid()
          )
        )
      );

    -- A saved message is activity: its conversation moves up the list.
    create function chat_messages_touch_conversation() returns trigger
      language plpgsql
    as $fn$
    begin
      update conversations set updated_at = new.created_at
        where id = new.conversation_id and updated_at < new.created_at;
      return new;
    end
    $fn$;
    create trigger chat_messages_touch_conversation
      after insert or update of conversation_id, created_at on chat_messages
      for each row when (new.conversation_id is not null)
      execute function chat_messages_touch_conversation();
  `,
}
