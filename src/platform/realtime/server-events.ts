import type {
  Metadata,
  PresenceUser,
  RealtimeMessage,
  ServerFrame,
} from '../../../contract/realtime-frames'

/**
 * The server's realtime frames (contract/realtime-frames.ts) as the events the SDK's
 * realtime machine understands.
 */

/** A server frame as a machine event: `server.<frame type>`. */
export type ServerEvent =
  | { type: 'server.subscribed'; channel: string }
  | { type: 'server.unsubscribed'; channel: string }
  | { type: 'server.published'; channel: string; messageId: string }
  | { type: 'server.message'; message: RealtimeMessage }
  | { type: 'server.presence'; channel: string; users: PresenceUser[] }
  | { type: 'server.pong' }
  | { type: 'server.error'; error: string; channel?: string }

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const metadataOf = (value: unknown): Metadata => (isObject(value) ? value : {})

function presenceUser(value: unknown): PresenceUser | null {
  if (!isObject(value) || typeof value.userId !== 'string') return null
  return {
    userId: value.userId,
    metadata: metadataOf(value.metadata),
    joinedAt: Number(value.joinedAt) || 0,
    lastSeen: Number(value.lastSeen) || 0,
  }
}

/**
 * The machine event for one server frame, or null for a frame that is not JSON or not part of
 * the contract (ignored rather than trusted: the server is another program).
 */
export function serverEventFromFrame(raw: string): ServerEvent | null {
  let frame: unknown
  try {
    frame = JSON.parse(raw)
  } catch {
    return null
  }
  if (!isObject(frame) || typeof frame.type !== 'string') return null
  const payload = isObject(frame.payload) ? frame.payload : {}
  const channel = text(payload.channel)
  // Typed by the contract, so a frame renamed there fails to compile here.
  switch (frame.type as ServerFrame['type']) {
    case 'subscribed':
      return { type: 'server.subscribed', channel }
    case 'unsubscribed':
      return { type: 'server.unsubscribed', channel }
    case 'published':
      return { type: 'server.published', channel, messageId: text(payload.messageId) }
    case 'pong':
      return { type: 'server.pong' }
    case 'error':
      return payload.channel === undefined
        ? { type: 'server.error', error: text(payload.error) }
        : { type: 'server.error', error: text(payload.error), channel }
    case 'presence': {
      const data = isObject(payload.data) ? payload.data : {}
      const users = Array.isArray(data.users) ? data.users : []
      return {
        type: 'server.presence',
        channel,
        users: users.map(presenceUser).filter((user): user is PresenceUser => user !== null),
      }
    }
    case 'message':
      return {
        type: 'server.message',
        message: {
          id: text(payload.id),
          channel,
          type: text(payload.type),
          data: payload.data ?? null,
          timestamp: Number(payload.timestamp) || 0,
          userId: text(payload.userId),
          metadata: metadataOf(payload.metadata),
        },
      }
    default:
      return null
  }
}
