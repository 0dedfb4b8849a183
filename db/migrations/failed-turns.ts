import type { AppMigration } from '../../contract/app-schema'

/** The longest failure kept with a message (docs/product/limits.md#chat): the app cuts to it. */
const FAILURE_MAX_CHARS = 500

/**
 * A failed turn keeps its mark (docs/product/behaviour.md#chat-sending): a user message whose
 * turn failed keeps why in `failure` (the error the user was shown), so `Not sent` and Retry
 * are still there after later sends and after a reload. Null on every other message.
 */
export const failedTurns: AppMigration = {
  version: 11,
  name: 'failed turns: why a message got no reply',
  sql: `
    alter table chat_messages add column failure text
      check (char_length(failure) <= ${FAILURE_MAX_CHARS});
  `,
}
