import { randomUUID } from 'node:crypto'
import type { PresenceUser, RealtimeMessage } from '../../../contract/realtime-frames'
import type { AccessClaims } from '../auth/access-token'
import { databaseInputError } from '../http/database-error'
import type { PlatformDeps } from '../platform-deps'
import { createPresenceThrottle, type Membership, presenceUsers } from './channel-presence'
import { createMessageHistory } from './message-history'
import {
  type ClientRequest,
  type PublishRequest,
  parseClientFrame,
  serverFrame,
} from './realtime-protocol'

/** What the hub needs of a socket: the `ws` package's and MSW's both fit behind it. */
export interface RealtimeSocket {
  send(text: string): void
  close(code: number, reason: string): void
}

/** What a transport tells the hub about one socket. */
export interface RealtimeConnection {
  receive(text: string): void
  closed(): void
}

export interface RealtimeHubOptions {
  /** See createPresenceThrottle; tests pass 0 to hear every presence change at once. */
  presenceMinIntervalMs?: number
  presencePerMemberMs?: number
}

/** Close codes: 4401 mirrors HTTP 401, 4404 an unknown project, 1001 a server going away. */
export const CLOSE_UNAUTHORIZED = 4401
export const CLOSE_UNKNOWN_PROJECT = 4404
export const CLOSE_GOING_AWAY = 1001
/** Larger frames are refused (the `ws` server enforces the same limit on the wire). */
export const MAX_FRAME_CHARS = 1024 * 1024

interface Peer {
  socket: RealtimeSocket
  claims: AccessClaims | null
  memberships: Map<string, Membership>
  /** Frames are handled one after another, so acknowledgements keep the order of requests. */
  work: Promise<void>
  closed: boolean
}

const newMessageId = () => `msg_${randomUUID().replace(/-/g, '')}`

/**
 * The realtime hub, independent of any transport: sockets are handed in through `connect`.
 * Channels and presence live in memory; messages are kept in `realtime_messages`.
 */
export function createRealtimeHub(deps: PlatformDeps, options: RealtimeHubOptions = {}) {
  const history = createMessageHistory(deps.store)
  const channels = new Map<string, Set<Peer>>()
  const peers = new Set<Peer>()
  const nowMs = () => deps.now().getTime()

  const membersOf = (channel: string) => channels.get(channel) ?? new Set<Peer>()
  const usersOf = (channel: string): PresenceUser[] =>
    presenceUsers([...membersOf(channel)].flatMap((peer) => peer.memberships.get(channel) ?? []))

  function deliver(peer: Peer, frame: string): void {
    if (peer.closed) return
    try {
      peer.socket.send(frame)
    } catch {
      // A socket that broke mid-send is reported by its transport's close; others go on.
    }
  }

  const presence = createPresenceThrottle(
    {
      minIntervalMs: options.presenceMinIntervalMs ?? 100,
      perMemberMs: options.presencePerMemberMs ?? 1,
    },
    (channel) => membersOf(channel).size,
    (channel) => {
      const members = membersOf(channel)
      if (!members.size) return
      const frame = serverFrame('presence', { channel, data: { users: usersOf(channel) } })
      for (const peer of members) deliver(peer, frame)
    },
  )

  function fanOut(message: RealtimeMessage): void {
    const frame = serverFrame('message', { ...message })
    for (const peer of membersOf(message.channel)) deliver(peer, frame)
  }

  /** Stores the message as its author (RLS checks the author is the caller), then fans out. */
  async function record(claims: AccessClaims, request: PublishRequest): Promise<RealtimeMessage> {
    const message: RealtimeMessage = {
      id: newMessageId(),
      channel: request.channel,
      type: request.messageType,
      data: request.data,
      timestamp: nowMs(),
      userId: claims.sub,
      metadata: request.metadata,
    }
    await history.save(claims, message)
    return message
  }

  function join(peer: Peer, channel: string, metadata: Record<string, unknown>): void {
    const at = nowMs()
    const known = peer.memberships.get(channel)
    const userId = peer.claims?.sub ?? ''
    peer.memberships.set(channel, {
      userId,
      metadata,
      joinedAt: known?.joinedAt ?? at,
      lastSeen: at,
    })
    const members = channels.get(channel) ?? new Set<Peer>()
    channels.set(channel, members)
    members.add(peer)
    presence.schedule(channel)
  }

  function leave(peer: Peer, channel: string): void {
    if (!peer.memberships.delete(channel)) return
    const members = channels.get(channel)
    members?.delete(peer)
    if (members && members.size === 0) {
      channels.delete(channel)
      presence.forget(channel)
    } else {
      presence.schedule(channel)
    }
  }

  async function handle(peer: Peer, request: ClientRequest, claims: AccessClaims): Promise<void> {
    switch (request.type) {
      // Answers first, then the presence frames they cause.
      case 'ping': {
        deliver(peer, serverFrame('pong', {}))
        const at = nowMs()
        for (const [channel, membership] of peer.memberships) {
          membership.lastSeen = at
          presence.schedule(channel)
        }
        return
      }
      case 'subscribe':
        deliver(peer, serverFrame('subscribed', { channel: request.channel }))
        join(peer, request.channel, request.metadata)
        return
      case 'unsubscribe':
        deliver(peer, serverFrame('unsubscribed', { channel: request.channel }))
        leave(peer, request.channel)
        return
      case 'publish': {
        let message: RealtimeMessage
        try {
          message = await record(claims, request)
        } catch (error) {
          // Data the database refused is the sender's to fix (as an HTTP publish's 400 says);
          // anything else is ours, logged by kind only.
          const refused = databaseInputError(error)
          if (!refused)
            deps.log(`realtime: a message could not be stored (${(error as Error).name})`)
          const reason = refused?.message ?? 'The message could not be stored'
          deliver(peer, serverFrame('error', { error: reason, channel: request.channel }))
          return
        }
        deliver(peer, serverFrame('published', { channel: message.channel, messageId: message.id }))
        fanOut(message)
        return
      }
    }
  }

  function refuse(peer: Peer, code: number, reason: string): void {
    deliver(peer, serverFrame('error', { error: reason }))
    peer.closed = true
    try {
      peer.socket.close(code, reason)
    } catch {
      // Already gone.
    }
  }

  /** Who the socket speaks for: `?project_id=…&token=<access token>` on the connect address. */
  async function authenticate(peer: Peer, url: string): Promise<void> {
    const params = new URL(url, 'ws://localhost').searchParams
    if (params.get('project_id') !== deps.projectId) {
      refuse(peer, CLOSE_UNKNOWN_PROJECT, 'Unknown project')
      return
    }
    const token = params.get('token')
    if (!token) {
      refuse(peer, CLOSE_UNAUTHORIZED, 'Authentication required')
      return
    }
    const verified = await deps.accessTokens.verify(token)
    if ('error' in verified) {
      refuse(
        peer,
        CLOSE_UNAUTHORIZED,
        verified.error === 'expired' ? 'Token expired' : 'Invalid token',
      )
      return
    }
    peer.claims = verified.claims
  }

  async function receiveInOrder(peer: Peer, text: string): Promise<void> {
    const claims = peer.claims
    if (peer.closed || !claims) return
    if (text.length > MAX_FRAME_CHARS) {
      deliver(peer, serverFrame('error', { error: 'Frame too large' }))
      return
    }
    const request = parseClientFrame(text)
    if ('error' in request) {
      deliver(peer, serverFrame('error', { ...request }))
      return
    }
    await handle(peer, request, claims)
  }

  return {
    /** Takes over a socket; `url` is the address it connected to (path and query suffice). */
    connect(socket: RealtimeSocket, url: string): RealtimeConnection {
      const peer: Peer = {
        socket,
        claims: null,
        memberships: new Map(),
        work: Promise.resolve(),
        closed: false,
      }
      peers.add(peer)
      const enqueue = (step: () => Promise<void> | void) => {
        peer.work = peer.work.then(step).catch((error: Error) => {
          deps.log(`realtime: frame handling failed (${error.name})`)
        })
      }
      enqueue(() => authenticate(peer, url))
      return {
        receive: (text) => enqueue(() => receiveInOrder(peer, text)),
        closed: () => {
          peer.closed = true
          peers.delete(peer)
          for (const channel of [...peer.memberships.keys()]) leave(peer, channel)
        },
      }
    },

    /** Publishes as `claims` (the HTTP route): stored, then fanned out to the channel. */
    async publish(claims: AccessClaims, request: PublishRequest): Promise<RealtimeMessage> {
      const message = await record(claims, request)
      fanOut(message)
      return message
    },

    presence: usersOf,
    history,

    /** Closes every socket (server shutdown); the clients will reconnect elsewhere. */
    close(): void {
      presence.stop()
      for (const peer of peers) {
        peer.closed = true
        try {
          peer.socket.close(CLOSE_GOING_AWAY, 'Server shutting down')
        } catch {
          // Already gone.
        }
      }
      peers.clear()
      channels.clear()
    },

    stats: () => ({ sockets: peers.size, channels: channels.size }),
  }
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>
