import { assign, emit, enqueueActions, fromCallback, setup } from 'xstate'
import type {
  ClientFrame,
  Metadata,
  PresenceUser,
  RealtimeMessage,
} from '../../../contract/realtime-frames'
import type { ServerEvent } from './server-events'

// The SDK's own connection machine: one channel's socket, reconnects, resubscriptions and the
// outbox. The hosted SDK keeps this inside its client too; the app's machines never see it.

/** Subscribe, send and connection time-outs (docs/product/limits.md). */
export const CONNECT_TIMEOUT_MS = 10_000
export const SUBSCRIBE_TIMEOUT_MS = 10_000
export const SEND_TIMEOUT_MS = 10_000
/** A ping every 25 s keeps idle sockets (and the proxies in between) alive. */
export const HEARTBEAT_INTERVAL_MS = 25_000
/** Reconnect waits 2^attempt seconds, at most 30 s, plus up to 1 s of jitter. */
export const MAX_BACKOFF_S = 30

/** The realtime failure messages callers see (docs/product/errors.md, "Realtime"). */
export const REALTIME_MESSAGES = {
  connectTimeout: 'WebSocket connection timeout',
  subscribeTimeout: 'Subscription timeout - no acknowledgment from server',
  sendTimeout: 'Message send timeout',
  closedDuringSubscription: 'Connection closed during subscription',
  serverError: 'Server error',
  subscriptionError: 'Subscription error',
  channelClosed: 'Channel closed before the message was sent',
} as const

/**
 * Milliseconds before reconnect attempt `attempt` (0 for the first): min(2^attempt, 30) s plus
 * `jitter` (in [0, 1)) of a second. Whole milliseconds, so the jitter never rounds up to a full
 * second (16 + 0.9999999999999999 is 17 in floating point).
 */
export function reconnectDelayMs(attempt: number, jitter: number): number {
  const baseSeconds = Math.min(2 ** Math.max(0, Math.floor(attempt)), MAX_BACKOFF_S)
  const jitterMs = Math.min(999, Math.max(0, Math.floor(jitter * 1000)))
  return baseSeconds * 1000 + (Number.isFinite(jitterMs) ? jitterMs : 0)
}

/** A message the caller published, tracked until the server acknowledges it. */
export interface OutgoingMessage {
  /** The caller's correlation id: acknowledgements and failures are emitted with it. */
  ref: string
  type: string
  data: unknown
  userId?: string | null
  metadata?: Metadata
}

export type Subscription = 'none' | 'requested' | 'active'

export interface RealtimeInput {
  channel: string
  /** Jitter source in [0, 1); Math.random unless a test pins it. */
  random?: () => number
}

export interface RealtimeContext {
  channel: string
  userId: string | null
  metadata: Metadata
  /** requested: asked for, never acknowledged; active: acknowledged, so resubscribed on reconnect. */
  subscription: Subscription
  attempt: number
  /** Not sent yet (no socket, or a subscription is being set up). */
  outbox: OutgoingMessage[]
  /** Sent, awaiting `published`; the server acknowledges a socket's frames in order. */
  inFlight: OutgoingMessage[]
  presence: PresenceUser[]
  error: string | null
  random: () => number
}

export type RealtimeEvent =
  | { type: 'connect' }
  | { type: 'disconnect' }
  | { type: 'subscribe'; userId?: string | null; metadata?: Metadata }
  | { type: 'unsubscribe' }
  | { type: 'publish'; message: OutgoingMessage }
  | { type: 'socket.opened' }
  | { type: 'socket.closed'; code?: number; reason?: string }
  | { type: 'send.timeout'; ref: string }
  | ServerEvent

/** What the socket actor is told to do while it lives. */
export type SocketCommand = { type: 'socket.send'; frame: ClientFrame }

/** What callers of the machine hear (actor.on). */
export type RealtimeEmitted =
  | { type: 'message'; message: RealtimeMessage }
  | { type: 'presence'; users: PresenceUser[] }
  | { type: 'subscribed' }
  | { type: 'subscription.failed'; message: string; details?: unknown }
  | { type: 'published'; ref: string; messageId: string }
  | { type: 'publish.failed'; ref: string; message: string }
  | { type: 'error'; message: string; details?: unknown }

const sendTimerId = (ref: string) => `send:${ref}`

function publishFrame(context: RealtimeContext, message: OutgoingMessage): ClientFrame {
  return {
    type: 'publish',
    payload: {
      channel: context.channel,
      type: message.type,
      data: message.data,
      userId: message.userId ?? context.userId,
      metadata: message.metadata ?? context.metadata,
    },
  }
}

type FailureParams = { message: string; details?: unknown }

export const realtimeMachine = setup({
  types: {
    input: {} as RealtimeInput,
    context: {} as RealtimeContext,
    events: {} as RealtimeEvent,
    emitted: {} as RealtimeEmitted,
  },
  actors: {
    /** Opens the socket on start, sends `socket.send` frames, closes it when stopped. */
    'open socket': fromCallback<SocketCommand>(() => {
      throw new Error("'open socket' not provided")
    }),
  },
  actions: {
    'send subscribe': enqueueActions(({ context, enqueue }) => {
      const { channel, userId, metadata } = context
      enqueue.sendTo('socket', {
        type: 'socket.send',
        frame: { type: 'subscribe', payload: { channel, userId, metadata } },
      })
    }),
    'send unsubscribe': enqueueActions(({ context, enqueue }) => {
      enqueue.sendTo('socket', {
        type: 'socket.send',
        frame: { type: 'unsubscribe', payload: { channel: context.channel } },
      })
    }),
    'send ping': enqueueActions(({ enqueue }) => {
      enqueue.sendTo('socket', { type: 'socket.send', frame: { type: 'ping', payload: {} } })
    }),
    'send message': enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'publish') return
      enqueue.sendTo('socket', { type: 'socket.send', frame: publishFrame(context, event.message) })
      enqueue.raise(
        { type: 'send.timeout', ref: event.message.ref },
        { delay: 'send timeout', id: sendTimerId(event.message.ref) },
      )
      enqueue.assign({ inFlight: [...context.inFlight, event.message] })
    }),
    'send queued messages': enqueueActions(({ context, enqueue }) => {
      for (const message of context.outbox) {
        enqueue.sendTo('socket', { type: 'socket.send', frame: publishFrame(context, message) })
        enqueue.raise(
          { type: 'send.timeout', ref: message.ref },
          { delay: 'send timeout', id: sendTimerId(message.ref) },
        )
      }
      enqueue.assign({ inFlight: [...context.inFlight, ...context.outbox], outbox: [] })
    }),
    'queue message': assign({
      outbox: ({ context, event }) =>
        event.type === 'publish' ? [...context.outbox, event.message] : context.outbox,
    }),
    // Unacknowledged frames may never have reached the server: they go out again, first in line.
    'requeue in-flight': enqueueActions(({ context, enqueue }) => {
      for (const message of context.inFlight) enqueue.cancel(sendTimerId(message.ref))
      enqueue.assign({ outbox: [...context.inFlight, ...context.outbox], inFlight: [] })
    }),
    'drop pending': enqueueActions(({ context, enqueue }) => {
      for (const message of context.inFlight) enqueue.cancel(sendTimerId(message.ref))
      for (const { ref } of [...context.inFlight, ...context.outbox]) {
        enqueue.emit({ type: 'publish.failed', ref, message: REALTIME_MESSAGES.channelClosed })
      }
      enqueue.assign({ outbox: [], inFlight: [] })
    }),
    'settle oldest message': enqueueActions(({ context, event, enqueue }) => {
      const [oldest, ...rest] = context.inFlight
      if (event.type !== 'server.published' || !oldest) return
      enqueue.cancel(sendTimerId(oldest.ref))
      enqueue.emit({ type: 'published', ref: oldest.ref, messageId: event.messageId })
      enqueue.assign({ inFlight: rest })
    }),
    'fail timed-out message': enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'send.timeout') return
      enqueue.emit({
        type: 'publish.failed',
        ref: event.ref,
        message: REALTIME_MESSAGES.sendTimeout,
      })
      const index = context.inFlight.findIndex((message) => message.ref === event.ref)
      enqueue.assign({ inFlight: context.inFlight.filter((_, i) => i !== index) })
    }),
    'request subscription': assign(({ context, event }) => {
      if (event.type !== 'subscribe') return {}
      return {
        userId: event.userId ?? context.userId,
        metadata: event.metadata ?? context.metadata,
        subscription: context.subscription === 'active' ? 'active' : ('requested' as const),
      }
    }),
    'forget subscription': assign({ subscription: 'none' as const }),
    'activate subscription': enqueueActions(({ enqueue }) => {
      enqueue.assign({ subscription: 'active', error: null })
      enqueue.emit({ type: 'subscribed' })
    }),
    /** The subscription ends, whoever asked for it; the caller hears why. */
    'drop subscription': enqueueActions(({ enqueue }, params: FailureParams) => {
      enqueue.assign({ subscription: 'none', error: params.message })
      enqueue.emit({ type: 'subscription.failed', ...params })
    }),
    /** A subscription nobody saw acknowledged fails with the connection; an active one waits it out. */
    'fail requested subscription': enqueueActions(({ context, enqueue }, params: FailureParams) => {
      if (context.subscription !== 'requested') return
      enqueue.assign({ subscription: 'none', error: params.message })
      enqueue.emit({ type: 'subscription.failed', ...params })
    }),
    'report error': enqueueActions(({ enqueue }, params: FailureParams) => {
      enqueue.assign({ error: params.message })
      enqueue.emit({ type: 'error', ...params })
    }),
    'remember presence': enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'server.presence') return
      enqueue.assign({ presence: event.users })
      enqueue.emit({ type: 'presence', users: event.users })
    }),
    'deliver message': emit(({ event }) => ({
      type: 'message' as const,
      message: (event as Extract<RealtimeEvent, { type: 'server.message' }>).message,
    })),
    'count attempt': assign({ attempt: ({ context }) => context.attempt + 1 }),
    'reset attempts': assign({ attempt: 0 }),
  },
  guards: {
    'subscription wanted?': ({ context }) => context.subscription !== 'none',
    'awaiting ack?': ({ context }) => context.inFlight.length > 0,
    'still in flight?': ({ context, event }) =>
      event.type === 'send.timeout' && context.inFlight.some(({ ref }) => ref === event.ref),
    'is our channel?': ({ context, event }) => {
      if (event.type === 'server.message') return event.message.channel === context.channel
      return 'channel' in event && event.channel === context.channel
    },
  },
  delays: {
    'connect timeout': CONNECT_TIMEOUT_MS,
    'subscribe timeout': SUBSCRIBE_TIMEOUT_MS,
    'send timeout': SEND_TIMEOUT_MS,
    'heartbeat interval': HEARTBEAT_INTERVAL_MS,
    'reconnect delay': ({ context }) => reconnectDelayMs(context.attempt, context.random()),
  },
}).createMachine({
  id: 'realtime',
  context: ({ input }) => ({
    channel: input.channel,
    userId: null,
    metadata: {},
    subscription: 'none',
    attempt: 0,
    outbox: [],
    inFlight: [],
    presence: [],
    error: null,
    random: input.random ?? Math.random,
  }),
  // Raised per message when it is sent; it outlives state changes until acknowledged.
  on: {
    'send.timeout': { guard: 'still in flight?', actions: 'fail timed-out message' },
  },
  initial: 'disconnected',
  states: {
    disconnected: {
      tags: 'disconnected',
      initial: 'idle',
      on: {
        subscribe: { actions: 'request subscription' },
        unsubscribe: { actions: 'forget subscription' },
        publish: { actions: 'queue message' },
      },
      states: {
        idle: {
          on: {
            connect: '#realtime.online',
            subscribe: { target: '#realtime.online', actions: 'request subscription' },
            publish: { target: '#realtime.online', actions: 'queue message' },
          },
        },
        waitingToReconnect: {
          tags: 'reconnecting',
          after: { 'reconnect delay': { target: '#realtime.online', actions: 'count attempt' } },
          on: {
            connect: '#realtime.online',
            disconnect: { target: 'idle', actions: 'drop pending' },
          },
        },
      },
    },
    // The socket lives exactly as long as this state: leaving it closes the socket.
    online: {
      invoke: { id: 'socket', src: 'open socket' },
      initial: 'connecting',
      on: {
        'socket.closed': {
          target: '#realtime.disconnected.waitingToReconnect',
          actions: [
            {
              type: 'fail requested subscription',
              params: { message: REALTIME_MESSAGES.closedDuringSubscription },
            },
            'requeue in-flight',
          ],
        },
        disconnect: { target: '#realtime.disconnected.idle', actions: 'drop pending' },
        subscribe: { actions: 'request subscription' },
        unsubscribe: { actions: 'forget subscription' },
        publish: { actions: 'queue message' },
        'server.presence': { guard: 'is our channel?', actions: 'remember presence' },
        'server.published': { guard: 'awaiting ack?', actions: 'settle oldest message' },
        'server.error': {
          actions: {
            type: 'report error',
            params: ({ event }) => ({
              message: REALTIME_MESSAGES.serverError,
              details: event.error,
            }),
          },
        },
      },
      states: {
        connecting: {
          tags: 'connecting',
          on: {
            'socket.opened': [
              { guard: 'subscription wanted?', target: 'open.channel.subscribing' },
              { target: 'open' },
            ],
          },
          after: {
            'connect timeout': {
              target: '#realtime.disconnected.waitingToReconnect',
              actions: [
                {
                  type: 'fail requested subscription',
                  params: { message: REALTIME_MESSAGES.connectTimeout },
                },
                { type: 'report error', params: { message: REALTIME_MESSAGES.connectTimeout } },
              ],
            },
          },
        },
        open: {
          tags: 'connected',
          type: 'parallel',
          entry: 'reset attempts',
          states: {
            heartbeat: {
              initial: 'beating',
              states: {
                beating: {
                  after: {
                    'heartbeat interval': {
                      target: 'beating',
                      reenter: true,
                      actions: 'send ping',
                    },
                  },
                },
              },
            },
            channel: {
              initial: 'connected',
              states: {
                connected: {
                  entry: 'send queued messages',
                  on: {
                    subscribe: { target: 'subscribing', actions: 'request subscription' },
                    publish: { actions: 'send message' },
                  },
                },
                // Messages wait for the acknowledgement, so a resubscribed sender hears its own.
                subscribing: {
                  tags: 'subscribing',
                  entry: 'send subscribe',
                  after: {
                    'subscribe timeout': {
                      target: 'connected',
                      actions: {
                        type: 'drop subscription',
                        params: { message: REALTIME_MESSAGES.subscribeTimeout },
                      },
                    },
                  },
                  on: {
                    'server.subscribed': { guard: 'is our channel?', target: 'subscribed' },
                    'server.error': {
                      target: 'connected',
                      actions: {
                        type: 'drop subscription',
                        params: ({ event }) => ({
                          message: REALTIME_MESSAGES.subscriptionError,
                          details: event.error,
                        }),
                      },
                    },
                    unsubscribe: {
                      target: 'connected',
                      actions: ['send unsubscribe', 'forget subscription'],
                    },
                  },
                },
                subscribed: {
                  tags: 'subscribed',
                  entry: ['activate subscription', 'send queued messages'],
                  on: {
                    publish: { actions: 'send message' },
                    unsubscribe: {
                      target: 'connected',
                      actions: ['send unsubscribe', 'forget subscription'],
                    },
                    'server.message': { guard: 'is our channel?', actions: 'deliver message' },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
})
