import type { AppMigration } from '../../contract/app-schema'

/** Activation runs as one /batch; this index refuses a racing second tab's activation. */
export const oneActiveSystemPrompt: AppMigration = {
  version: 3,
  legacyVersion: 10,
  name: 'at most one active system prompt per user, even when two tabs race',
  sql: `
    update prompts set is_active = '0'
      where type = 'system' and is_active = '1' and id not in (
        select distinct on (user_id) id from prompts
          where type = 'system' and is_active = '1'
          order by user_id, updated_at desc, id
      );
    create unique index prompts_one_active_system on prompts (user_id)
      where type = 'system' and is_active = '1';
  `,
}
