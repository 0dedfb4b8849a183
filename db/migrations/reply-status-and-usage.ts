import type { AppMigration } from '../../contract/app-schema'

/**
 * A reply may be cut short (docs/product/behaviour.md#streamed-replies): `stopped` when the
 * user pressed Stop, `interrupted` when the stream broke off. Each reply also keeps the token
 * counts the provider reported, for usage and cost (docs/product/usage.md). Rows written
 * before this change are complete and have no counts.
 */
export const replyStatusAndUsage: AppMigration = {
  version: 4,
  name: 'reply status and token usage on chat messages',
  sql: `
    alter table chat_messages
      add column status text not null default 'complete'
        check (status in ('complete', 'stopped', 'interrupted')),
      add column prompt_tokens integer check (prompt_tokens >= 0),
      add column completion_tokens integer check (completion_tokens >= 0),
      add column total_tokens integer check (total_tokens >= 0);
  `,
}
