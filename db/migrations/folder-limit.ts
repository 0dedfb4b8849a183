import type { AppMigration } from '../../contract/app-schema'

/** How many folders a user keeps (docs/product/limits.md#conversations). */
export const FOLDERS_MAX_ROWS = 50

/**
 * The folder limit, in the database as well as in the app (docs/product/conversations.md#pins-and-folders):
 * a 51st folder is refused whatever writes it, the app, REST, `/sql` or `/batch`, with the
 * words the app shows. Two creates racing (two tabs) cannot both be the 50th: each first locks
 * the user's own folder rows, so the second counts after the first has committed. Only the
 * user's rows are locked, so no one else waits. It runs as the caller: row-level security
 * answers for what it counts and locks.
 */
export const folderLimit: AppMigration = {
  version: 14,
  name: 'at most 50 conversation folders per user',
  sql: `
    create function conversation_folders_limit() returns trigger
      language plpgsql volatile security invoker
    as $fn$
    begin
      perform 1 from conversation_folders where user_id = new.user_id for update;
      if (select count(*) from conversation_folders where user_id = new.user_id)
          >= ${FOLDERS_MAX_ROWS} then
        raise exception 'You can keep at most ${FOLDERS_MAX_ROWS} folders'
          using errcode = 'check_violation';
      end if;
      return new;
    end
    $fn$;
    create trigger conversation_folders_limit before insert on conversation_folders
      for each row execute function conversation_folders_limit();
  `,
}
