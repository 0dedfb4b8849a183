import { WebSocket } from 'ws'
import { postAuthForm } from '../tests/support/sign-up'
import { createHttpClient } from './http-client'

// What `npm run soak` keeps up against one server for its whole run (docs/performance.md,
// "Soak"): REST reads and writes at a fixed rate from many users, realtime sockets publishing
// and joining and leaving channels, sign-ins and token refreshes. Every request and frame is
// counted into the minute it ended in; a failure is anything the contract would not answer.

const REST = '/api/db/prompt-chat/rest/v1'
/** A request that takes longer than this counts as an error. */
const TIMEOUT_MS = 10_000
/** Each user keeps at most this many soak prompts: the oldest is deleted, so tables stay bounded. */
const PROMPTS_KEPT = 40
/** Members per channel: sockets are spread over channels of this size. */
const CHANNEL_SIZE = 50

export interface SoakRates {
  /** REST requests a second, over all users, sent whether or not earlier ones answered. */
  rest: number
  /** Realtime sockets held open (some closed and opened again as the run goes). */
  sockets: number
  /** Messages published a second, over all channels. */
  publishes: number
  /** Sockets that leave their channel and join again, a second (presence churn). */
  churn: number
  /** Sockets closed and opened anew, a second. */
  reconnects: number
  /** Sign-ins through the hosted page, a minute (each hashes a password: memory-hard). */
  signIns: number
  /** Token refreshes a second. */
  refreshes: number
}

export interface SoakUser {
  email: string
  password: string
  userId: string
  accessToken: string
  refreshToken: string
}

/** One minute's requests: latencies and failures by kind. */
export class Window {
  latencies: number[] = []
  errors = 0
  /** A sample of distinct failures, for the report. */
  failures = new Set<string>()
  deliveries = 0
  published = 0
  signIns = 0
  refreshes = 0

  fail(what: string): void {
    this.errors++
    if (this.failures.size < 5) this.failures.add(what)
  }

  percentile(q: number): number {
    const sorted = [...this.latencies].sort((a, b) => a - b)
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  }
}

/** Runs `task` `perSecond` times a second, spread evenly, until stopped. */
function every(perSecond: number, task: () => void): () => void {
  if (perSecond <= 0) return () => {}
  const tickMs = 20
  let owed = 0
  const timer = setInterval(() => {
    owed += (perSecond * tickMs) / 1000
    for (; owed >= 1; owed--) task()
  }, tickMs)
  return () => clearInterval(timer)
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!

/**
 * Starts the load; `window()` is where this minute's figures go, swapped by the caller at each
 * minute. Returns the stop, which waits for what is in flight and closes every socket.
 */
export async function startLoad(
  baseUrl: string,
  users: SoakUser[],
  rates: SoakRates,
  window: () => Window,
): Promise<() => Promise<void>> {
  const http = createHttpClient(baseUrl, 64)
  const inFlight = new Set<Promise<void>>()
  const kept = new Map<string, string[]>(users.map((user) => [user.userId, []]))

  /** A request timed into the window it ends in; `ok` says whether the answer is the contract's. */
  const timed = (
    what: string,
    send: () => Promise<{ status: number; body: string }>,
    ok: (status: number) => boolean,
    then?: (body: string) => void,
  ): Promise<void> => {
    const started = performance.now()
    const request = Promise.race([
      send(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('timed out')), TIMEOUT_MS).unref(),
      ),
    ])
      .then((answer) => {
        const into = window()
        if (!ok(answer.status))
          return into.fail(`${what} ${answer.status} ${answer.body.slice(0, 80)}`)
        into.latencies.push(performance.now() - started)
        then?.(answer.body)
      })
      .catch((error: Error) => window().fail(`${what} ${error.message}`))
      .finally(() => inFlight.delete(request))
    inFlight.add(request)
    return request
  }

  const headers = (user: SoakUser) => ({
    Authorization: `Bearer ${user.accessToken}`,
    'Content-Type': 'application/json',
  })

  // REST: half reads of the user's prompts, a fifth reads of their conversations, a fifth
  // writes, and deletes that keep each user's prompts bounded.
  const restRequest = () => {
    const user = pick(users)
    const roll = Math.random()
    if (roll < 0.5) {
      const path = `${REST}/prompts?user_id=eq.${user.userId}&order=created_at.desc&limit=20`
      timed(
        'list prompts',
        () => http.request('GET', path, headers(user)),
        (s) => s === 200,
      )
    } else if (roll < 0.7) {
      const path = `${REST}/conversations?user_id=eq.${user.userId}&order=updated_at.desc&limit=20`
      timed(
        'list conversations',
        () => http.request('GET', path, headers(user)),
        (s) => s === 200,
      )
    } else if (roll < 0.9 || (kept.get(user.userId)?.length ?? 0) <= PROMPTS_KEPT) {
      const body = JSON.stringify({
        user_id: user.userId,
        title: `Soak ${Date.now()}`,
        content: 'A prompt written by the soak, to be read and deleted again.',
        type: 'user',
      })
      timed(
        'create prompt',
        () =>
          http.request(
            'POST',
            `${REST}/prompts`,
            { ...headers(user), Prefer: 'return=representation' },
            body,
          ),
        (s) => s === 201,
        (answer) => {
          const [row] = JSON.parse(answer) as Array<{ id: string }>
          if (row) kept.get(user.userId)?.push(row.id)
        },
      )
    } else {
      const id = kept.get(user.userId)?.shift()
      timed(
        'delete prompt',
        () => http.request('DELETE', `${REST}/prompts?id=eq.${id}`, headers(user)),
        (s) => s === 204 || s === 200,
      )
    }
  }

  // Realtime: sockets spread over channels, each with its user's token.
  const sockets: WebSocket[] = []
  const socketUrl = (user: SoakUser) =>
    `${baseUrl.replace(/^http/, 'ws')}/?project_id=prompt-chat&token=${user.accessToken}`
  const channelOf = (index: number) => `soak-${Math.floor(index / CHANNEL_SIZE)}`
  const connect = (index: number): Promise<void> =>
    new Promise((resolve) => {
      const user = users[index % users.length]!
      const socket = new WebSocket(socketUrl(user))
      sockets[index] = socket
      socket.on('open', () => {
        socket.send(
          JSON.stringify({
            type: 'subscribe',
            payload: { channel: channelOf(index), metadata: { user: user.userId } },
          }),
        )
        resolve()
      })
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { type: string; payload?: { error?: string } }
        if (frame.type === 'message') window().deliveries++
        else if (frame.type === 'error') window().fail(`realtime ${frame.payload?.error}`)
      })
      socket.on('error', (error) => {
        window().fail(`socket ${error.message}`)
        resolve()
      })
    })
  for (let i = 0; i < rates.sockets; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, rates.sockets - i) }, (_, j) => connect(i + j)),
    )
  }
  const openSocket = () => {
    const index = Math.floor(Math.random() * sockets.length)
    const socket = sockets[index]
    return socket?.readyState === WebSocket.OPEN ? { socket, index } : null
  }
  const publish = () => {
    const open = openSocket()
    if (!open) return
    open.socket.send(
      JSON.stringify({
        type: 'publish',
        payload: { channel: channelOf(open.index), type: 'soak', data: { at: Date.now() } },
      }),
    )
    window().published++
  }
  const churn = () => {
    const open = openSocket()
    if (!open) return
    const channel = channelOf(open.index)
    open.socket.send(JSON.stringify({ type: 'unsubscribe', payload: { channel } }))
    open.socket.send(
      JSON.stringify({ type: 'subscribe', payload: { channel, metadata: { rejoined: true } } }),
    )
  }
  const reconnect = () => {
    const open = openSocket()
    if (!open) return
    open.socket.close(1000, 'soak reconnect')
    void connect(open.index)
  }

  // Auth: sign-ins through the hosted page; refreshes rotate each user's refresh token.
  const signIn = () => {
    const user = pick(users)
    timed(
      'sign in',
      async () => {
        const res = await postAuthForm((r) => fetch(r), baseUrl, 'sign-in', {
          email: user.email,
          password: user.password,
        })
        return { status: res.status, body: res.status === 303 ? '' : await res.text() }
      },
      (s) => s === 303,
      () => window().signIns++,
    )
  }
  const refreshing = new Set<SoakUser>()
  const refresh = () => {
    const user = pick(users)
    // One refresh per user at a time: a refresh token is used once.
    if (refreshing.has(user)) return
    refreshing.add(user)
    void timed(
      'refresh',
      () =>
        http.request(
          'POST',
          '/api/auth/refresh',
          { 'Content-Type': 'application/json' },
          JSON.stringify({ refresh_token: user.refreshToken }),
        ),
      (s) => s === 200,
      (answer) => {
        const tokens = JSON.parse(answer) as { access_token: string; refresh_token?: string }
        user.accessToken = tokens.access_token
        user.refreshToken = tokens.refresh_token ?? user.refreshToken
        window().refreshes++
      },
    ).finally(() => refreshing.delete(user))
  }

  const stops = [
    every(rates.rest, restRequest),
    every(rates.publishes, publish),
    every(rates.churn, churn),
    every(rates.reconnects, reconnect),
    every(rates.signIns / 60, signIn),
    every(rates.refreshes, refresh),
  ]
  return async () => {
    for (const stop of stops) stop()
    await Promise.allSettled([...inFlight])
    for (const socket of sockets) socket?.close(1000, 'soak over')
    http.close()
  }
}
