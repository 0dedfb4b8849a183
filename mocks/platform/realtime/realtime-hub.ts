import { randomBytes, randomUUID } from 'node:crypto'
import type { PresenceUser, RealtimeMessage } from '../../../contract/realtime-frames'
import type { AccessClaims } from '../auth/access-token'
import { databaseInputError } from '../http/database-error'
import type { PlatformDeps } from '../platform-deps'
import { type ChangeFeed, createChangeFeed, type FeedPeer } from './change-feed'
import { createPresenceThrottle, type Membership, presenceUsers } from './channel-presence'
import { createMessageHistory } from './message-history'
import type { ClusterNotice, RealtimeCluster } from './realtime-cluster'
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
  /**
   * Refuse sockets without a token (`REALTIME_REQUIRE_AUTH=1`). By default they are accepted,
   * as the hosted platform accepts its SDK's, under a pseudonym (`anon:…`): see
   * docs/security.md for the trade-off.
   */
  requireAuth?: boolean
  /**
   * PostgreSQL: the other servers on the same database (realtime-cluster.ts). Messages and
   * presence cross to them; the hub takes the cluster over and closes it with itself.
   */
  cluster?: RealtimeCluster
  /** PostgreSQL: the serving role's address, where the change feed LISTENs (change-feed.ts). */
  changesListenUrl?: string
}

/** Close codes: 4401 mirrors HTTP 401, 4404 an unknown project, 1001 a server going away. */
export const CLOSE_UNAUTHORIZED = 4401
export const CLOSE_UNKNOWN_PROJECT = 4404
export const CLOSE_GOING_AWAY = 1001
/** Larger frames are refused (the `ws` server enforces the same limit on the wire). */
export const MAX_FRAME_CHARS = 1024 * 1024

/**
 * Who a socket or an HTTP request speaks for: a signed-in user (their verified claims), or an
 * anonymous socket, whose user id is its pseudonym `anon:<16 hex digits>`. Never the `userId`
 * a client puts in a frame.
 */
export interface Author {
  userId: string
  claims: AccessClaims | null
}

/** The prefix of an anonymous socket's user id; no signed-in user's id (`user_…`) has it. */
export const ANONYMOUS_PREFIX = 'anon:'

interface Peer {
  /** The socket's own id: its presence rows' key, and its pseudonym when anonymous. */
  id: string
  socket: RealtimeSocket
  /** Set once the connect address is checked: a verified user, or anonymous. */
  author: Author | null
  memberships: Map<string, Membership>
  /** Frames are handled one after another, so acknowledgements keep the order of requests. */
  work: Promise<void>
  closed: boolean
  /** Set once the socket asks for changes (change-feed.ts). */
  changes?: FeedPeer
}

const newMessageId = () => `msg_${randomUUID().replace(/-/g, '')}`

/**
 * The realtime hub, independent of any transport: sockets are handed in through `connect`.
 * Its own sockets' channels and presence live in memory; messages are kept in
 * `realtime_messages`. Given a cluster (PostgreSQL), it also tells the other servers what
 * happens here and hears what happens there: their messages reach this server's sockets, and
 * presence is the union of every server's members.
 */
export function createRealtimeHub(deps: PlatformDeps, options: RealtimeHubOptions = {}) {
  const history = createMessageHistory(deps.store)
  const channels = new Map<string, Set<Peer>>()
  const peers = new Set<Peer>()
  const nowMs = () => deps.now().getTime()
  const { cluster } = options
  /** Other servers' members of the channels this server has members on (cluster only). */
  const remote = new Map<string, Membership[]>()
  let closing = false
  // The change feed starts with the first `changes.subscribe` (PGlite or PostgreSQL alike).
  let feed: ChangeFeed | undefined
  const changeFeed = () => {
    feed ??= createChangeFeed({
      store: deps.store,
      log: deps.log,
      listenUrl: options.changesListenUrl,
    })
    return feed
  }
  const feedPeerOf = (peer: Peer): FeedPeer => {
    peer.changes ??= { send: (frame) => deliver(peer, frame) }
    return peer.changes
  }

  const membersOf = (channel: string) => channels.get(channel) ?? new Set<Peer>()
  const localMemberships = (channel: string) =>
    [...membersOf(channel)].flatMap((peer) => peer.memberships.get(channel) ?? [])
  const usersOf = (channel: string): PresenceUser[] =>
    presenceUsers([...localMemberships(channel), ...(remote.get(channel) ?? [])])

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
    (channel) => membersOf(channel).size + (remote.get(channel)?.length ?? 0),
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

  /** Runs a cluster step; a failure is logged (by kind) and costs only the other servers' view. */
  async function shared(what: string, step: (cluster: RealtimeCluster) => Promise<void>) {
    if (!cluster || closing) return
    try {
      await step(cluster)
    } catch (error) {
      deps.log(`realtime: ${what} could not be shared (${(error as Error).name})`)
    }
  }

  /** Tells the other servers that these channels' members changed here. */
  const announce = (channelsChanged: Iterable<string>) =>
    shared('presence', async (c) => {
      for (const channel of channelsChanged) await c.notify({ kind: 'presence', channel })
    })

  /**
   * Stores the message as its author (a signed-in author through RLS as themselves), tells the
   * other servers, and resolves; the caller acknowledges and fans out here.
   */
  async function record(author: Author, request: PublishRequest): Promise<RealtimeMessage> {
    const message: RealtimeMessage = {
      id: newMessageId(),
      channel: request.channel,
      type: request.messageType,
      data: request.data,
      timestamp: nowMs(),
      userId: author.userId,
      metadata: request.metadata,
    }
    await history.save(author.claims, message)
    await shared('a message', (c) => c.notify({ kind: 'message', message }))
    return message
  }

  // Other servers' presence, re-read for the channels marked stale, a batch per query.
  const stale = new Set<string>()
  let rereading: Promise<void> | undefined

  /** Re-reads the channels (those held here); resolves once nothing stale is left. */
  function reread(channelsToRead: Iterable<string>): Promise<void> {
    for (const channel of channelsToRead) if (remote.has(channel)) stale.add(channel)
    if (!cluster || !stale.size) return rereading ?? Promise.resolve()
    rereading ??= (async () => {
      try {
        while (stale.size && !closing) {
          const batch = [...stale]
          stale.clear()
          const found = await cluster.presence.others(batch)
          for (const channel of batch) {
            const known = remote.get(channel)
            const now = found.get(channel) ?? []
            // Only channels still held here, and only when something changed.
            if (!known || JSON.stringify(known) === JSON.stringify(now)) continue
            remote.set(channel, now)
            presence.schedule(channel)
          }
        }
      } catch (error) {
        deps.log(`realtime: other servers' presence could not be read (${(error as Error).name})`)
      } finally {
        rereading = undefined
      }
    })()
    return rereading
  }

  // Notices from the other servers, one after another so their messages keep their order.
  let inbound = Promise.resolve()
  async function hear(notice: ClusterNotice): Promise<void> {
    switch (notice.kind) {
      case 'message':
        fanOut(notice.message)
        return
      case 'message-id': {
        if (!membersOf(notice.channel).size) return
        const message = await history.byId(notice.id)
        if (message) fanOut(message)
        return
      }
      case 'presence':
        void reread([notice.channel])
        return
    }
  }

  const currentMembers = () =>
    [...peers].flatMap((peer) =>
      [...peer.memberships].map(([channel, m]) => ({ ...m, channel, memberId: peer.id })),
    )

  /** The heartbeat: keep this server's rows alive, sweep the dead's, catch up on changes. */
  async function heartbeat(c: RealtimeCluster): Promise<void> {
    const mine = currentMembers()
    // Rows and members disagree: rows were swept (this server stalled past the TTL), or a
    // leave raced a rewrite. Make the rows what the members are now.
    if ((await c.presence.keepAlive()) !== mine.length) {
      await c.presence.put(mine)
      await announce(await c.presence.retainOnly(currentMembers()))
    }
    const emptied = await c.presence.sweep()
    if (emptied.length) await announce(emptied)
    // Also how other servers' last-seen times arrive: pings are not announced.
    await reread([...emptied, ...remote.keys()])
  }

  let beat: ReturnType<typeof setInterval> | undefined
  if (cluster) {
    cluster.listen({
      notice: (notice) => {
        inbound = inbound
          .then(() => hear(notice))
          .catch((error: Error) => {
            deps.log(`realtime: a notice from another server failed (${error.name})`)
          })
      },
      // Notices of the gap are lost: presence is re-read; messages of the gap are in history.
      resync: () => void reread(remote.keys()),
    })
    let beating = false
    // One beat at a time: a slow database skips beats rather than piling them up.
    beat = setInterval(() => {
      if (beating) return
      beating = true
      void shared('the heartbeat', heartbeat).finally(() => {
        beating = false
      })
    }, cluster.heartbeatMs)
    beat.unref?.()
  }

  /**
   * Makes the socket a member here and, with a cluster, on every server (its row written, the
   * others told) before it resolves: once a socket hears `subscribed`, everyone can see it.
   */
  async function join(peer: Peer, channel: string, metadata: Record<string, unknown>) {
    const at = nowMs()
    const known = peer.memberships.get(channel)
    const membership: Membership = {
      userId: peer.author?.userId ?? '',
      metadata,
      joinedAt: known?.joinedAt ?? at,
      lastSeen: at,
    }
    peer.memberships.set(channel, membership)
    const members = channels.get(channel) ?? new Set<Peer>()
    channels.set(channel, members)
    members.add(peer)
    await shared('a join', async (c) => {
      await c.presence.put([{ ...membership, channel, memberId: peer.id }])
      // The first member here: learn who is on the channel elsewhere before answering. Held
      // (empty) first, so a notice arriving meanwhile marks it for one more read.
      if (!remote.has(channel)) {
        remote.set(channel, [])
        await reread([channel])
      }
      await c.notify({ kind: 'presence', channel })
    })
  }

  /** Forgets the membership here (the caller tells the other servers); false if there was none. */
  function leave(peer: Peer, channel: string): boolean {
    if (!peer.memberships.delete(channel)) return false
    const members = channels.get(channel)
    members?.delete(peer)
    if (members && members.size === 0) {
      channels.delete(channel)
      remote.delete(channel)
      stale.delete(channel)
      presence.forget(channel)
    } else {
      presence.schedule(channel)
    }
    return true
  }

  async function handle(peer: Peer, request: ClientRequest, author: Author): Promise<void> {
    switch (request.type) {
      case 'changes.subscribe': {
        const caller = author.claims
          ? { role: 'authenticated' as const, claims: author.claims }
          : { role: 'anon' as const }
        await changeFeed().subscribe(feedPeerOf(peer), caller, request)
        return
      }
      case 'changes.unsubscribe':
        changeFeed().unsubscribe(feedPeerOf(peer), request.table, request.filter)
        return
      // Answers first, then the presence frames they cause.
      case 'ping': {
        deliver(peer, serverFrame('pong', {}))
        const at = nowMs()
        for (const [channel, membership] of peer.memberships) {
          membership.lastSeen = at
          presence.schedule(channel)
        }
        // Other servers read the new last-seen time at their next heartbeat, not at once:
        // announcing every ping would have them all re-read busy channels all the time.
        if (peer.memberships.size) await shared('a ping', (c) => c.presence.touch(peer.id, at))
        return
      }
      // The answer once every server knows, then the presence frames it causes.
      case 'subscribe':
        await join(peer, request.channel, request.metadata)
        deliver(peer, serverFrame('subscribed', { channel: request.channel }))
        presence.schedule(request.channel)
        return
      case 'unsubscribe':
        if (leave(peer, request.channel)) {
          await shared('a leave', (c) => c.presence.remove(peer.id, request.channel).then(() => {}))
          await announce([request.channel])
        }
        deliver(peer, serverFrame('unsubscribed', { channel: request.channel }))
        return
      case 'publish': {
        let message: RealtimeMessage
        try {
          message = await record(author, request)
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

  /**
   * Who the socket speaks for: `?project_id=…` and, our SDK's way, `&token=<access token>`.
   * A token must be valid; without one the socket is anonymous, unless auth is required.
   */
  async function authenticate(peer: Peer, url: string): Promise<void> {
    const params = new URL(url, 'ws://localhost').searchParams
    if (params.get('project_id') !== deps.projectId) {
      refuse(peer, CLOSE_UNKNOWN_PROJECT, 'Unknown project')
      return
    }
    const token = params.get('token')
    if (!token) {
      if (options.requireAuth) refuse(peer, CLOSE_UNAUTHORIZED, 'Authentication required')
      else peer.author = { userId: `${ANONYMOUS_PREFIX}${peer.id}`, claims: null }
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
    peer.author = { userId: verified.claims.sub, claims: verified.claims }
  }

  async function receiveInOrder(peer: Peer, text: string): Promise<void> {
    const author = peer.author
    if (peer.closed || !author) return
    if (text.length > MAX_FRAME_CHARS) {
      deliver(peer, serverFrame('error', { error: 'Frame too large' }))
      return
    }
    const request = parseClientFrame(text)
    if ('error' in request) {
      deliver(peer, serverFrame('error', { ...request }))
      return
    }
    await handle(peer, request, author)
  }

  return {
    /** Takes over a socket; `url` is the address it connected to (path and query suffice). */
    connect(socket: RealtimeSocket, url: string): RealtimeConnection {
      const peer: Peer = {
        id: randomBytes(8).toString('hex'),
        socket,
        author: null,
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
          if (closing) return
          peers.delete(peer)
          if (peer.changes) feed?.drop(peer.changes)
          const left = [...peer.memberships.keys()].filter((channel) => leave(peer, channel))
          // After the frames already queued: a join may still be writing its row.
          enqueue(() =>
            shared('a leave', async (c) => {
              const gone = await c.presence.remove(peer.id)
              for (const channel of new Set([...left, ...gone])) {
                await c.notify({ kind: 'presence', channel })
              }
            }),
          )
        },
      }
    },

    /** Publishes as a signed-in caller (the HTTP route): stored, then fanned out everywhere. */
    async publish(claims: AccessClaims, request: PublishRequest): Promise<RealtimeMessage> {
      const message = await record({ userId: claims.sub, claims }, request)
      fanOut(message)
      return message
    },

    /**
     * Who is on the channel now, on every server: read from the shared rows, not from what this
     * server last heard, so a member whose `subscribed` arrived is in the answer.
     */
    async presence(channel: string): Promise<PresenceUser[]> {
      if (!cluster) return usersOf(channel)
      const found = await cluster.presence.others([channel])
      return presenceUsers([...localMemberships(channel), ...(found.get(channel) ?? [])])
    },

    history,

    /**
     * Closes every socket at once (server shutdown: the clients will reconnect elsewhere), then
     * takes this server's members out of the shared presence and stops hearing the others.
     */
    close(): Promise<void> {
      presence.stop()
      closing = true
      if (beat) clearInterval(beat)
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
      remote.clear()
      const feedClosed = feed?.close().catch(() => {})
      if (!cluster) return Promise.resolve(feedClosed)
      return (async () => {
        await feedClosed
        try {
          const left = await cluster.presence.removeAll()
          for (const channel of left) await cluster.notify({ kind: 'presence', channel })
        } catch (error) {
          deps.log(`realtime: members could not be removed at shutdown (${(error as Error).name})`)
        }
        await cluster.close()
      })()
    },

    stats: () => ({ sockets: peers.size, channels: channels.size }),
  }
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>
