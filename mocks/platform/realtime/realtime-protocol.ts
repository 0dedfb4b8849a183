import { isPlainObject } from '../http/json-error'

/**
 * The realtime wire as the server reads it (DESIGN §3): frames are JSON `{type, payload}`.
 * Client frames are checked here, so the hub only ever sees well-formed requests.
 */

export type Metadata = Record<string, unknown>

/** A message of a channel, as sent live and kept in history (timestamp: epoch ms). */
export interface ChannelMessage {
  id: string
  channel: string
  type: string
  data: unknown
  timestamp: number
  userId: string
  metadata: Metadata
}

export interface PublishRequest {
  channel: string
  messageType: string
  data: unknown
  metadata: Metadata
}

export type ClientRequest =
  | { type: 'subscribe'; channel: string; metadata: Metadata }
  | { type: 'unsubscribe'; channel: string }
  | ({ type: 'publish' } & PublishRequest)
  | { type: 'ping' }

export type Refusal = { error: string; channel?: string }

export const MAX_CHANNEL_LENGTH = 200
export const MAX_TYPE_LENGTH = 100
/** Spec §5: "Realtime messages must be valid JSON". */
export const INVALID_JSON = 'Realtime messages must be valid JSON'

/** One server frame, serialised once so a broadcast reuses the same string for every socket. */
export function serverFrame(type: string, payload: Record<string, unknown> = {}): string {
  return JSON.stringify({ type, payload })
}

/** Why a frame or body is refused; thrown by the readers below, caught at their entry points. */
class Refused extends Error {
  constructor(
    message: string,
    readonly channel?: string,
  ) {
    super(message)
  }
}

function refusalOf(error: unknown): Refusal {
  if (!(error instanceof Refused)) throw error
  return error.channel === undefined
    ? { error: error.message }
    : { error: error.message, channel: error.channel }
}

function readChannel(payload: Record<string, unknown>): string {
  const { channel } = payload
  if (typeof channel !== 'string' || !channel.trim()) throw new Refused('channel is required')
  if (channel.length > MAX_CHANNEL_LENGTH) {
    throw new Refused(`channel must be at most ${MAX_CHANNEL_LENGTH} characters`)
  }
  return channel
}

function readMetadata(value: unknown, channel: string): Metadata {
  if (value === undefined || value === null) return {}
  if (!isPlainObject(value)) throw new Refused('metadata must be an object', channel)
  return value
}

function readPublish(body: unknown): PublishRequest {
  if (!isPlainObject(body)) throw new Refused('The message must be a JSON object')
  const channel = readChannel(body)
  const { type } = body
  if (typeof type !== 'string' || !type.trim()) throw new Refused('type is required', channel)
  if (type.length > MAX_TYPE_LENGTH) {
    throw new Refused(`type must be at most ${MAX_TYPE_LENGTH} characters`, channel)
  }
  const metadata = readMetadata(body.metadata, channel)
  return { channel, messageType: type, data: body.data ?? null, metadata }
}

/**
 * A publish body (socket payload or HTTP body): channel, type, data, metadata. The sender's
 * `userId` is not read: the server stamps the authenticated user's id on every message.
 */
export function publishRequestOf(body: unknown): PublishRequest | Refusal {
  try {
    return readPublish(body)
  } catch (error) {
    return refusalOf(error)
  }
}

function readFrame(frame: unknown): ClientRequest {
  if (!isPlainObject(frame) || typeof frame.type !== 'string') {
    throw new Refused('A frame must be a JSON object {type, payload}')
  }
  const payload = isPlainObject(frame.payload) ? frame.payload : {}
  switch (frame.type) {
    case 'ping':
      return { type: 'ping' }
    case 'subscribe': {
      const channel = readChannel(payload)
      return { type: 'subscribe', channel, metadata: readMetadata(payload.metadata, channel) }
    }
    case 'unsubscribe':
      return { type: 'unsubscribe', channel: readChannel(payload) }
    case 'publish':
      return { type: 'publish', ...readPublish(payload) }
    default:
      throw new Refused(`Unknown frame type: ${frame.type.slice(0, 50)}`)
  }
}

/** The request a text frame carries, or why it is refused (sent back as an `error` frame). */
export function parseClientFrame(text: string): ClientRequest | Refusal {
  let frame: unknown
  try {
    frame = JSON.parse(text)
  } catch {
    return { error: INVALID_JSON }
  }
  try {
    return readFrame(frame)
  } catch (error) {
    return refusalOf(error)
  }
}
