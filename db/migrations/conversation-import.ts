import type { AppMigration } from '../../contract/app-schema'

/**
 * Restoring a backup of conversations (docs/product/conversations.md#backup) without making
 * anything twice. `import_conversations(part)` takes one part of a backup, as JSON:
 *
 * - `conversations`: `{id, title, createdAt, updatedAt, pinned, folder}`; a conversation the
 *   caller already has (same id) is left as it is. `folder` is a folder's name: the caller's
 *   folder of that name (whatever its case) is used, made first if there is none;
 * - `messages`: `{id, conversationId, parentId, role, content, modelId, systemPromptId,
 *   createdAt, status, failure, promptTokens, completionTokens, totalTokens}`, each after its
 *   parent (in this part or an earlier one); a message the caller already has is skipped;
 * - `leaves`: `{id, leafId}`, where each conversation added by the import ends (saving a
 *   message moves it, so it is set once the messages are in).
 *
 * It returns the ids of the conversations it added and how many messages. Each part is one
 * statement's worth: all of it lands, or none. It runs as the caller (security invoker), so
 * every row is written as theirs and every limit of the tables holds (the folder limit, the
 * message checks, a message only in one's own conversation).
 */
export const conversationImport: AppMigration = {
  version: 17,
  name: 'import_conversations(): a backup restored without duplicates',
  sql: `
    create function import_conversations(p_part jsonb)
      returns table (added_conversations text[], added_messages integer)
      language plpgsql volatile security invoker
    as $fn$
    declare
      v_conversations text[];
      v_messages integer;
    begin
      if jsonb_typeof(p_part) is distinct from 'object' then
        raise exception 'A backup part is a JSON object' using errcode = 'invalid_parameter_value';
      end if;

      insert into conversation_folders (user_id, id, name)
        select auth_uid(), 'folder_' || md5(lower(f.name)), f.name
          from (
            select distinct on (lower(c ->> 'folder')) c ->> 'folder' as name
              from jsonb_array_elements(coalesce(p_part -> 'conversations', '[]')) c
              where c ->> 'folder' is not null
          ) f
          where not exists (
            select 1 from conversation_folders mine
              where mine.user_id = auth_uid() and lower(mine.name) = lower(f.name)
          )
        on conflict do nothing;

      with added as (
        insert into conversations (user_id, id, title, created_at, updated_at, pinned, folder_id)
          select auth_uid(), c ->> 'id', c ->> 'title',
              (c ->> 'createdAt')::timestamptz, (c ->> 'updatedAt')::timestamptz,
              coalesce((c ->> 'pinned')::boolean, false),
              (select f.id from conversation_folders f
                 where f.user_id = auth_uid() and lower(f.name) = lower(c ->> 'folder'))
            from jsonb_array_elements(coalesce(p_part -> 'conversations', '[]')) c
          on conflict do nothing
          returning id
      )
      select coalesce(array_agg(id), '{}') into v_conversations from added;

      with added as (
        insert into chat_messages (user_id, id, conversation_id, parent_id, role, content,
            model_id, system_prompt_id, created_at, status, failure,
            prompt_tokens, completion_tokens, total_tokens)
          select auth_uid(), m ->> 'id', m ->> 'conversationId', m ->> 'parentId',
              m ->> 'role', m ->> 'content', m ->> 'modelId', m ->> 'systemPromptId',
              (m ->> 'createdAt')::timestamptz, coalesce(m ->> 'status', 'complete'),
              m ->> 'failure', (m ->> 'promptTokens')::integer,
              (m ->> 'completionTokens')::integer, (m ->> 'totalTokens')::integer
            from jsonb_array_elements(coalesce(p_part -> 'messages', '[]')) m
          on conflict do nothing
          returning 1
      )
      select count(*) into v_messages from added;

      update conversations c set current_leaf_id = l ->> 'leafId'
        from jsonb_array_elements(coalesce(p_part -> 'leaves', '[]')) l
        where c.user_id = auth_uid() and c.id = l ->> 'id'
          and exists (
            select 1 from chat_messages m
              where m.user_id = auth_uid() and m.conversation_id = c.id and m.id = l ->> 'leafId'
          );

      return query select v_conversations, v_messages;
    end
    $fn$;
  `,
}
