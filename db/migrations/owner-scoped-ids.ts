import type { AppMigration } from '../../contract/app-schema'

/** The owner-only tables whose ids the client chooses (docs/product/data.md#ids). */
const OWNER_SCOPED_TABLES = [
  'conversations',
  'chat_messages',
  'user_api_keys',
  'prompt_ratings',
  'user_prompt_deletions',
  'quick_prompts',
  'model_servers',
] as const

/**
 * Ids nobody can squat (docs/security.md#ids-nobody-can-squat): every owner-only table is keyed
 * by `(user_id, id)`, so a row one user claims can only ever collide with that user's own rows,
 * and a conflict tells nobody what another user holds. The spec's id shapes stay as they are.
 * A message's conversation is its owner's by construction: the foreign key carries the user.
 * Rows keep their ids; nothing is rewritten, only the keys change.
 */
export const ownerScopedIds: AppMigration = {
  version: 7,
  name: 'owner-only tables keyed by (user_id, id), so no user can squat another user’s ids',
  sql: `
    alter table chat_messages drop constraint chat_messages_conversation_id_fkey;
    ${OWNER_SCOPED_TABLES.map(
      (table) => `
    alter table ${table} drop constraint ${table}_pkey,
      add constraint ${table}_pkey primary key (user_id, id);`,
    ).join('')}
    alter table chat_messages add constraint chat_messages_conversation_fkey
      foreign key (user_id, conversation_id) references conversations (user_id, id)
      on delete cascade;
    drop index chat_messages_conversation_created;
    create index chat_messages_conversation_created
      on chat_messages (user_id, conversation_id, created_at);

    -- The conversation a message touches is its writer's own: ids repeat across users now.
    create or replace function chat_messages_touch_conversation() returns trigger
      language plpgsql
    as $fn$
    begin
      update conversations set updated_at = new.created_at
        where user_id = new.user_id and id = new.conversation_id
          and updated_at < new.created_at;
      return new;
    end
    $fn$;

  `,
}
