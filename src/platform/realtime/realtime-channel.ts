import { createActor } from 'xstate'
import {
  INVALID_JSON_MESSAGE,
  type Metadata,
  type PresenceUser,
  type RealtimeMessage,
} from '../../../contract/realtime-frames'
import { RealtimeError } from '../errors'
import type { PlatformContext } from '../platform-context'
import { type RealtimeEmitted, realtimeMachine } from './realtime.machine'
import { realtimeSocketUrl, socketActor } from './socket-actor'

export type RealtimeStatus = 'disconnected' | 'connecting' | 'connected' | 'subscribed'

export interface PresenceOptions {
  userId?: string
  metadata?: Metadata
}

export interface HistoryOptions {
  /** 1 to 1000 (default 50). */
  limit?: number
  /** A message id (exclusive) or a time (inclusive: ISO 8601 or epoch ms). */
  after?: string | number
  before?: string | number
}

/**
 * One channel of the project over its own WebSocket (as the hosted SDK does), run by the
 * realtime machine: reconnects with backoff, resubscribes, queues what is published while
 * offline. Failures are RealtimeError with the messages of docs/product/errors.md#platform-errors.
 */
export interface RealtimeChannel {
  readonly name: string
  /** Joins the channel (presence shows `userId` and `metadata`); resolves on the server's ack. */
  subscribe(options?: PresenceOptions): Promise<void>
  /** Leaves the channel and closes its socket; messages not yet acknowledged fail. */
  unsubscribe(): Promise<void>
  /** Resolves with the message id once the server has stored it. Queued while offline. */
  publish(type: string, data: unknown, options?: PresenceOptions): Promise<string>
  onMessage(listener: (message: RealtimeMessage) => void): () => void
  onPresence(listener: (users: PresenceUser[]) => void): () => void
  /** Server errors, connection time-outs and failed (re)subscriptions. */
  onError(listener: (error: RealtimeError) => void): () => void
  /** Who is on the channel now (over HTTP, so it works before subscribing). */
  getPresence(): Promise<PresenceUser[]>
  /** History, oldest first. */
  getMessages(options?: HistoryOptions): Promise<RealtimeMessage[]>
  isConnected(): boolean
  status(): RealtimeStatus
}

export interface ChannelOptions {
  /** Reconnect jitter source in [0, 1); Math.random by default. */
  random?: () => number
}

type Waiter<T> = { resolve: (value: T) => void; reject: (error: RealtimeError) => void }

function checkedData(data: unknown): unknown {
  try {
    if (data === undefined) return null
    // Only what survives JSON travels: functions, symbols and cycles are refused here.
    return JSON.parse(JSON.stringify(data))
  } catch {
    throw new RealtimeError(INVALID_JSON_MESSAGE)
  }
}

export function createRealtimeChannel(
  name: string,
  context: PlatformContext,
  options: ChannelOptions = {},
): RealtimeChannel {
  const WebSocketClass = context.WebSocket
  const machine = realtimeMachine.provide({
    actors: {
      'open socket': socketActor(WebSocketClass ?? (undefined as never), () =>
        realtimeSocketUrl(context),
      ),
    },
  })
  const actor = createActor(machine, { input: { channel: name, random: options.random } })
  actor.start()

  const subscribers = new Set<Waiter<void>>()
  const publications = new Map<string, Waiter<string>>()
  let nextRef = 0

  const on = <T extends RealtimeEmitted['type']>(
    type: T,
    listener: (event: Extract<RealtimeEmitted, { type: T }>) => void,
  ) => actor.on(type, listener as never)

  on('subscribed', () => {
    for (const waiter of subscribers) waiter.resolve()
    subscribers.clear()
  })
  on('subscription.failed', ({ message, details }) => {
    for (const waiter of subscribers) waiter.reject(new RealtimeError(message, { details }))
    subscribers.clear()
  })
  on('published', ({ ref, messageId }) => {
    publications.get(ref)?.resolve(messageId)
    publications.delete(ref)
  })
  on('publish.failed', ({ ref, message }) => {
    publications.get(ref)?.reject(new RealtimeError(message))
    publications.delete(ref)
  })

  const requireWebSocket = () => {
    if (!WebSocketClass) throw new RealtimeError('WebSocket is not available in this environment')
  }

  const status = (): RealtimeStatus => {
    const snapshot = actor.getSnapshot()
    if (snapshot.hasTag('subscribed')) return 'subscribed'
    if (snapshot.hasTag('connected')) return 'connected'
    return snapshot.hasTag('connecting') ? 'connecting' : 'disconnected'
  }

  const path = (endpoint: string) =>
    `/api/realtime/${encodeURIComponent(context.projectId)}/${endpoint}`

  return {
    name,
    async subscribe(presence = {}) {
      requireWebSocket()
      if (status() === 'subscribed') return
      const done = new Promise<void>((resolve, reject) => subscribers.add({ resolve, reject }))
      actor.send({ type: 'subscribe', userId: presence.userId, metadata: presence.metadata })
      return done
    },

    async unsubscribe() {
      for (const waiter of subscribers) {
        waiter.reject(new RealtimeError('Unsubscribed before the subscription was acknowledged'))
      }
      subscribers.clear()
      actor.send({ type: 'unsubscribe' })
      actor.send({ type: 'disconnect' })
    },

    async publish(type, data, presence = {}) {
      requireWebSocket()
      if (typeof type !== 'string' || !type.trim()) {
        throw new RealtimeError('A message type is required')
      }
      const ref = `pub_${++nextRef}`
      const sent = new Promise<string>((resolve, reject) =>
        publications.set(ref, { resolve, reject }),
      )
      const message = { ref, type, data: checkedData(data), ...presence }
      actor.send({ type: 'publish', message })
      return sent
    },

    onMessage: (listener) => {
      const subscription = on('message', ({ message }) => listener(message))
      return () => subscription.unsubscribe()
    },
    onPresence: (listener) => {
      const subscription = on('presence', ({ users }) => listener(users))
      return () => subscription.unsubscribe()
    },
    onError: (listener) => {
      const errors = on('error', ({ message, details }) =>
        listener(new RealtimeError(message, { details })),
      )
      const failures = on('subscription.failed', ({ message, details }) =>
        listener(new RealtimeError(message, { details })),
      )
      return () => {
        errors.unsubscribe()
        failures.unsubscribe()
      }
    },

    async getPresence() {
      const { data } = await context.http.request<{ users: PresenceUser[] }>(path('presence'), {
        query: { channel: name },
        convertKeys: false,
      })
      return data.users
    },

    async getMessages(history = {}) {
      const { data } = await context.http.request<{ messages: RealtimeMessage[] }>(
        path('messages'),
        {
          query: {
            channel: name,
            limit: history.limit,
            start: history.after,
            end: history.before,
          },
          convertKeys: false,
        },
      )
      return data.messages
    },

    isConnected: () => actor.getSnapshot().hasTag('connected'),
    status,
  }
}
