import { type EventObject, fromCallback } from 'xstate'
import type { ChatMessage } from '../domain/chat-message'
import type { Conversation } from '../domain/conversation'
import { type LiveChangeEvent, liveChangesMachine } from '../machines/live-changes.machine'
import { keysToCamel, type PlatformClient, type TableChange } from '../platform/index'

/** The tables whose changes the app follows (db/migrations/realtime-changes.ts watches them). */
export const FOLLOWED_TABLES = [
  'prompts',
  'quick_prompts',
  'conversations',
  'chat_messages',
  'model_servers',
]

type Row = Record<string, unknown>

/**
 * A change of the feed in the app's terms (docs/product/live-sync.md), or null for one the app
 * does not follow. Rows arrive as the database has them (snake_case); sealed columns never do.
 */
export function liveEventOf(change: TableChange): LiveChangeEvent | null {
  const row = change.row ? keysToCamel<Row>(change.row) : null
  const id = String((row ?? (change.old ? keysToCamel<Row>(change.old) : {})).id ?? '')
  if (!id) return null
  switch (change.table) {
    case 'prompts':
      return { type: 'prompt.changed', promptId: id, active: row?.isActive === '1' }
    case 'quick_prompts':
      return { type: 'quickPrompts.changed' }
    case 'conversations':
      return row
        ? { type: 'conversation.changed', conversation: row as unknown as Conversation }
        : { type: 'conversation.removed', conversationId: id }
    case 'chat_messages':
      return row
        ? { type: 'message.changed', message: messageOf(row) }
        : { type: 'message.removed', messageId: id }
    case 'model_servers':
      return { type: 'servers.changed' }
    default:
      return null
  }
}

/** A reply still being written elsewhere shows as arriving, not as broken off. */
function messageOf(row: Row): ChatMessage {
  const message = row as unknown as ChatMessage
  return message.status === 'streaming' ? { ...message, arriving: true } : message
}

/** Live sync on the SDK's change feed: one subscription per followed table. */
export function provideLiveChanges(platform: PlatformClient) {
  return liveChangesMachine.provide({
    actors: {
      'follow changes': fromCallback<EventObject>(({ sendBack }) => {
        const stops = FOLLOWED_TABLES.map((table) =>
          platform.realtime.changes(table, {
            onChange: (change) => {
              const event = liveEventOf(change)
              if (event) sendBack(event)
            },
            onReload: () => sendBack({ type: 'changes.missed', table }),
            onError: (message) => console.error(`Live changes of ${table}: ${message}`),
          }),
        )
        return () => {
          for (const stop of stops) stop()
        }
      }),
    },
  })
}
