/**
 * The realtime wire: every WebSocket frame is JSON `{type, payload}`. The SDK's socket writes
 * client frames and reads server frames; the platform's hub does the opposite
 * (docs/wire-contract.md, "Realtime frames").
 */

export type Metadata = Record<string, unknown>

/** One member of a channel (times are epoch milliseconds). */
export interface PresenceUser {
  userId: string
  metadata: Metadata
  joinedAt: number
  lastSeen: number
}

/** A message of a channel, sent live and kept in history (timestamp in epoch milliseconds). */
export interface RealtimeMessage {
  id: string
  channel: string
  type: string
  data: unknown
  timestamp: number
  userId: string
  metadata: Metadata
}

/**
 * One change of a watched table, as one subscription may see it (docs/wire-contract.md,
 * "Changes"): INSERT and UPDATE carry the row as the subscriber reads it (upsert it); DELETE
 * carries the old row's primary key only, also when an update took the row out of view.
 */
export interface TableChange {
  id: number
  table: string
  filter: string | null
  op: 'INSERT' | 'UPDATE' | 'DELETE'
  row?: Record<string, unknown>
  old?: Record<string, unknown>
}

export type ClientFrame =
  | { type: 'subscribe'; payload: { channel: string; userId: string | null; metadata: Metadata } }
  | { type: 'unsubscribe'; payload: { channel: string } }
  | {
      type: 'publish'
      payload: {
        channel: string
        type: string
        data: unknown
        userId: string | null
        metadata: Metadata
      }
    }
  | { type: 'ping'; payload: Record<string, never> }
  | {
      type: 'changes.subscribe'
      payload: { table: string; filter?: string | null; since?: number | null }
    }
  | { type: 'changes.unsubscribe'; payload: { table: string; filter?: string | null } }

export type ServerFrame =
  | { type: 'subscribed'; payload: { channel: string } }
  | { type: 'unsubscribed'; payload: { channel: string } }
  | { type: 'published'; payload: { channel: string; messageId: string } }
  | { type: 'message'; payload: RealtimeMessage }
  | { type: 'presence'; payload: { channel: string; data: { users: PresenceUser[] } } }
  | { type: 'pong'; payload: Record<string, never> }
  | { type: 'error'; payload: { error: string; channel?: string; table?: string } }
  | {
      type: 'changes.subscribed'
      payload: { table: string; filter: string | null; lastId: number }
    }
  | { type: 'changes.unsubscribed'; payload: { table: string; filter: string | null } }
  | { type: 'change'; payload: TableChange }
  | { type: 'changes.reload'; payload: { table: string; filter: string | null } }

/** Data that does not survive JSON is refused with this message, by the SDK and the server. */
export const INVALID_JSON_MESSAGE = 'Realtime messages must be valid JSON'
