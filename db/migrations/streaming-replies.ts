import type { AppMigration } from '../../contract/app-schema'

/**
 * A reply is saved while it streams (docs/product/behaviour.md#replies-that-survive): its row
 * is written with `streaming` at the first piece of text and kept up to date, so a reload or a
 * closed tab finds what had arrived. A row left `streaming` is a reply that broke off.
 */
export const streamingReplies: AppMigration = {
  version: 9,
  name: 'a reply saved while it streams: status streaming',
  sql: `
    alter table chat_messages drop constraint chat_messages_status_check,
      add constraint chat_messages_status_check
        check (status in ('complete', 'stopped', 'interrupted', 'streaming'));
  `,
}
