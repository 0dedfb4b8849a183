import * as v from 'valibot'
import {
  INVALID_JSON_MESSAGE,
  type Metadata,
  type ServerFrame,
} from '../../../contract/realtime-frames'
import { boundedJson, fields, plainObject, storableText, validate } from '../http/input-schema'
import { isPlainObject } from '../http/json-error'
import { type ChangeRequest, changeRequestOf } from './change-protocol'

/**
 * The realtime wire as the server reads it (contract/realtime-frames.ts).
 * Client frames are checked here (valibot), so the hub only ever sees well-formed requests,
 * and nothing the database would refuse.
 */

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
  | ChangeRequest

export type Refusal = { error: string; channel?: string; table?: string }

export const MAX_CHANNEL_LENGTH = 200
export const MAX_TYPE_LENGTH = 100

/** One server frame, serialised once so a broadcast reuses the same string for every socket. */
export function serverFrame<T extends ServerFrame['type']>(
  type: T,
  payload: Extract<ServerFrame, { type: T }>['payload'],
): string {
  return JSON.stringify({ type, payload })
}

const channelSchema = v.pipe(
  v.string('is required'),
  v.check((channel) => channel.trim() !== '', 'is required'),
  v.maxLength(MAX_CHANNEL_LENGTH, `must be at most ${MAX_CHANNEL_LENGTH} characters`),
  storableText(),
)

/** `channel` first: once it is known, every later refusal names it. */
const channelOf = fields({ channel: channelSchema }, 'The message must be a JSON object')

// Metadata and data are kept as `json` (any text) but also sent on in frames: bounded depth.
const metadataSchema = v.nullish(
  v.pipe(plainObject('must be an object'), boundedJson<Metadata>()),
  () => ({}),
)

const publishSchema = fields(
  {
    type: v.pipe(
      v.string('is required'),
      v.check((type) => type.trim() !== '', 'is required'),
      v.maxLength(MAX_TYPE_LENGTH, `must be at most ${MAX_TYPE_LENGTH} characters`),
      storableText(),
    ),
    data: v.optional(v.pipe(v.unknown(), boundedJson())),
    metadata: metadataSchema,
  },
  'The message must be a JSON object',
)

const subscribeSchema = fields({ metadata: metadataSchema }, 'The message must be a JSON object')

/** Reads `payload` with `schema` after its channel; the refusal names the channel once known. */
function withChannel<T>(
  payload: unknown,
  schema: v.GenericSchema<unknown, T>,
): { channel: string; value: T } | Refusal {
  const head = validate(channelOf, payload)
  if (!head.ok) return { error: head.message }
  const { channel } = head.value
  const rest = validate(schema, payload)
  return rest.ok ? { channel, value: rest.value } : { error: rest.message, channel }
}

/**
 * A publish body (socket payload or HTTP body): channel, type, data, metadata. The sender's
 * `userId` is not read: the server stamps the authenticated user's id on every message.
 */
export function publishRequestOf(body: unknown): PublishRequest | Refusal {
  const read = withChannel(body, publishSchema)
  if ('error' in read) return read
  const { type, data, metadata } = read.value
  return { channel: read.channel, messageType: type, data: data ?? null, metadata }
}

const frameSchema = fields(
  { type: v.string('A frame must be a JSON object {type, payload}') },
  'A frame must be a JSON object {type, payload}',
)

function requestOf(frame: unknown): ClientRequest | Refusal {
  const head = validate(frameSchema, frame)
  if (!head.ok) return { error: head.message }
  const { type, payload: raw } = head.value
  const payload = isPlainObject(raw) ? raw : {}
  switch (type) {
    case 'ping':
      return { type: 'ping' }
    case 'subscribe': {
      const read = withChannel(payload, subscribeSchema)
      if ('error' in read) return read
      return { type: 'subscribe', channel: read.channel, metadata: read.value.metadata }
    }
    case 'unsubscribe': {
      const read = validate(channelOf, payload)
      return read.ok
        ? { type: 'unsubscribe', channel: read.value.channel }
        : { error: read.message }
    }
    case 'publish': {
      const request = publishRequestOf(payload)
      return 'error' in request ? request : { type: 'publish', ...request }
    }
    default:
      return changeRequestOf(type, raw) ?? { error: `Unknown frame type: ${type.slice(0, 50)}` }
  }
}

/** The request a text frame carries, or why it is refused (sent back as an `error` frame). */
export function parseClientFrame(text: string): ClientRequest | Refusal {
  let frame: unknown
  try {
    frame = JSON.parse(text)
  } catch {
    return { error: INVALID_JSON_MESSAGE }
  }
  return requestOf(frame)
}
