import type { AppMigration } from '../../contract/app-schema'
import { ownRows } from './row-policies'

/** The longest folder name (docs/product/limits.md#conversations). */
export const FOLDER_NAME_MAX_CHARS = 40

/**
 * Pins and folders (docs/product/conversations.md#pins-and-folders). A pinned conversation
 * stays at the top of the list; a folder is the user's own, and a conversation is in at most
 * one. Folders are owner-only like conversations, and a conversation's folder is its owner's
 * by construction: the foreign key carries the user, so no policy has to say it.
 *
 * Deleting a folder keeps its conversations: the key sets their folder to none (only the
 * folder column: the user stays). `delete_conversation_folder(folder, move_to)` moves them
 * to another of the caller's folders (or none) and deletes the folder in one call, so a
 * failure moves none; it returns the conversations it moved, as they are now.
 * It runs as the caller (security invoker): row-level security answers for every row.
 */
export const conversationFolders: AppMigration = {
  version: 13,
  name: 'conversation pins and folders, owned by their user',
  sql: `
    create table conversation_folders (
      user_id text not null,
      id text not null,
      name text not null
        check (char_length(name) between 1 and ${FOLDER_NAME_MAX_CHARS} and name = btrim(name)),
      created_at timestamptz not null default now(),
      primary key (user_id, id)
    );
    -- One folder of a name per user, whatever its case: two "Work" folders would be a trap.
    create unique index conversation_folders_name on conversation_folders (user_id, lower(name));
    ${ownRows('conversation_folders')}

    alter table conversations
      add column pinned boolean not null default false,
      add column folder_id text,
      add constraint conversations_folder_fkey foreign key (user_id, folder_id)
        references conversation_folders (user_id, id) on delete set null (folder_id);
    -- The list's order: pinned first, then by activity.
    create index conversations_user_pinned_updated
      on conversations (user_id, pinned desc, updated_at desc);
    create index conversations_user_folder on conversations (user_id, folder_id)
      where folder_id is not null;

    create function delete_conversation_folder(p_folder text, p_move_to text)
      returns setof conversations
      language plpgsql volatile security invoker
    as $fn$
    begin
      return query update conversations
        set folder_id = case when p_move_to = p_folder then null else p_move_to end
        where user_id = auth_uid() and folder_id = p_folder
        returning *;
      delete from conversation_folders where user_id = auth_uid() and id = p_folder;
    end
    $fn$;
    grant execute on function delete_conversation_folder(text, text) to authenticated;
  `,
}
