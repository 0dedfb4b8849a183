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

export type ServerFrame =
  | { type: 'subscribed'; payload: { channel: string } }
  | { type: 'unsubscribed'; payload: { channel: string } }
  | { type: 'published'; payload: { channel: string; messageId: string } }
  | { type: 'message'; payload: RealtimeMessage }
  | { type: 'presence'; payload: { channel: string; data: { users: PresenceUser[] } } }
  | { type: 'pong'; payload: Record<string, never> }
  | { type: 'error'; payload: { error: string; channel?: string } }

/** Data that does not survive JSON is refused with this message, by the SDK and the server. */
export const INVALID_JSON_MESSAGE = 'Realtime messages must be valid JSON'
