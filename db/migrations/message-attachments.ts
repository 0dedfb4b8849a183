import type { AppMigration } from '../../contract/app-schema'

/**
 * A message's files as the app reads them with its history (docs/product/attachments.md#in-the-history):
 * a JSON list in their order, keyed as the app names them, or null when it has none. It runs as
 * the caller, so row-level security still decides which rows it sees.
 */
export const messageAttachments: AppMigration = {
  version: 23,
  name: 'message_attachments(): a message’s files, in order, for its history page',
  sql: `
    create function message_attachments(m chat_messages) returns jsonb
      language sql stable security invoker
    as $fn$
      select jsonb_agg(jsonb_build_object('id', a.id, 'kind', a.kind, 'name', a.name,
          'mediaType', a.media_type, 'size', a.size, 'width', a.width, 'height', a.height,
          'path', a.path) order by a.position)
        from chat_attachments a
        where a.user_id = m.user_id and a.message_id = m.id
    $fn$;
    grant execute on function message_attachments(chat_messages) to authenticated;
  `,
}
