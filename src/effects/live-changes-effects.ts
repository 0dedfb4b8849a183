import { type EventObject, fromCallback, fromPromise } from 'xstate'
import type { ChatMessage } from '../domain/chat-message'
import type { Conversation } from '../domain/conversation'
import { readStoredJson } from '../domain/stored-json'
import { STYLE_CONFIG_STORAGE_KEY, type StyleConfig } from '../domain/style-config'
import { type LiveChangeEvent, liveChangesMachine } from '../machines/live-changes.machine'
import {
  type KeyValueStorage,
  keysToCamel,
  type PlatformClient,
  type TableChange,
} from '../platform/index'
import { logError } from './notify'

/** The tables whose changes the app follows (db/migrations/realtime-changes.ts watches them). */
export const FOLLOWED_TABLES = [
  'prompts',
  'quick_prompts',
  'conversations',
  'chat_messages',
  'model_servers',
  'user_api_keys',
  'user_styles',
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
    // The sealed key never arrives (docs/security.md): the dialog reads the keys again.
    case 'user_api_keys':
      return { type: 'keys.changed' }
    // A style deleted changes nothing here: the last one shown stays.
    case 'user_styles':
      return row ? { type: 'style.changed', config: row.config } : null
    default:
      return null
  }
}

/** A reply still being written elsewhere shows as arriving, not as broken off. */
function messageOf(row: Row): ChatMessage {
  const message = row as unknown as ChatMessage
  return message.status === 'streaming' ? { ...message, arriving: true } : message
}

interface StyleRow {
  id: string
  userId: string
  config: unknown
}

export interface LiveChangesOptions {
  platform: PlatformClient
  /** The signed-in user's id; throws when nobody is. */
  currentUserId: () => string
  /** This browser's storage, where the style it shows is kept (style-effects.ts). */
  storage: KeyValueStorage
}

/**
 * Live sync on the SDK's change feed, one subscription per followed table, and the style kept
 * with the account (docs/product/live-sync.md#the-style).
 */
export function provideLiveChanges({ platform, currentUserId, storage }: LiveChangesOptions) {
  const styles = platform.db.table<StyleRow>('user_styles')
  const keep = (config: unknown) =>
    styles.upsert({ userId: currentUserId(), config }, { onConflict: 'userId' })
  return liveChangesMachine.provide({
    actions: { 'log error': logError },
    actors: {
      // An account without a style takes the one this browser saved, if it saved one.
      'read account style': fromPromise(async () => {
        const [row] = await styles.list({ where: { userId: currentUserId() }, limit: 1 })
        if (row) return row.config
        const here = readStoredJson(storage.getItem(STYLE_CONFIG_STORAGE_KEY))
        if (here && typeof here === 'object' && !Array.isArray(here)) await keep(here)
        return null
      }),
      'keep account style': fromPromise<void, { config: StyleConfig }>(async ({ input }) => {
        await keep(input.config)
      }),
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
