import { readdir, readFile, readlink } from 'node:fs/promises'
import pg from 'pg'
import { WebSocket } from 'ws'
import { signUpThroughAuthPage } from '../tests/support/sign-up'
import { createHttpClient } from './http-client'

// The change feed under load (issue 30; docs/wire-contract.md, "Changes"): many clients of
// many users subscribed to `prompts` without a filter, as the app subscribes
// (docs/product/live-sync.md), while users write at a fixed rate through the table API. Each
// delivery is timed from its row's `created_at`, the write's own clock in the database; every
// expected delivery must arrive exactly once, and none may carry another user's private row.

export interface ChangeDeliveryOptions {
  users: number
  /** Sockets, spread evenly over the users (the app opens one per followed table and tab). */
  clients: number
  /** How long the writes go on, in seconds. */
  seconds: number
  /** One write every this many ms, whether or not earlier writes have answered (open loop). */
  intervalMs: number
  /** Share of the writes that are public prompts, each delivered to every client. */
  publicShare: number
}

/** The server under test, as platform-bench.ts starts it: its own process. */
export interface BenchedServer {
  url: string
  pid: number
  /** CPU time (µs) the serving process has used so far. */
  cpu(): Promise<number>
}

export interface ChangeDeliveryResult extends ChangeDeliveryOptions {
  written: number
  publicWritten: number
  writeErrors: number
  /** Each distinct status and answer of a failed write. */
  writeFailures: string[]
  expected: number
  received: number
  lost: number
  duplicates: number
  /** Deliveries of another user's private row: must be 0. */
  violations: number
  /** `error` and `changes.reload` frames after the subscription: must be 0. */
  refusals: number
  /** Commit (the row's `created_at`) to frame received, ms. */
  p50: number
  p95: number
  p99: number
  max: number
  /** The same, from the write's HTTP answer instead (a lower bound: see docs/performance.md). */
  answeredP50: number
  answeredP95: number
  /** From the write sent, p95, ms: what a user's other device waits, queueing included. */
  sentP95: number
  /** Writes answered per second, against the 1000 / intervalMs asked for. */
  writesPerSecond: number
  /** The writes' own HTTP time, p95, ms: a server behind on changes answers late too. */
  writeP95: number
  deliveriesPerSecond: number
  /** From the last write's answer to the last delivery: how far the feed fell behind. */
  drainSeconds: number
  /** Serving process CPU, µs, from the first timed write to the last delivery. */
  serverCpu: number
  /** PostgreSQL backends serving that process, µs (Linux /proc); undefined on PGlite. */
  databaseCpu?: number
  windowSeconds: number
}

type Frame = { type: string; payload: Record<string, unknown> }
type Row = { title?: unknown; user_id?: unknown; is_public?: unknown; created_at?: unknown }

interface Write {
  user: number
  isPublic: boolean
  timed: boolean
  sentAt: number
  answeredAt: number
  ok: boolean
  /** Deliveries per client (0, 1, or more for a duplicate). */
  seen: Uint8Array
}

const TABLE = 'prompts'
const REST = '/api/db/prompt-chat/rest/v1'

/** Wall-clock ms with sub-ms resolution, to compare with the database's `created_at`. */
const anchorWall = Date.now()
const anchorPerf = performance.now()
const wallNow = () => anchorWall + (performance.now() - anchorPerf)

/**
 * A `timestamptz` as to_jsonb writes it (`…T10:00:00.123456+00:00`), in ms with its µs:
 * Date.parse alone drops everything past the ms.
 */
function timestampMs(text: string): number {
  const fraction = /\.(\d+)/.exec(text)?.[1] ?? ''
  return Date.parse(text.replace(/\.\d+/, '')) + Number(`0.${fraction || '0'}`) * 1000
}

/** A small seeded generator, so every run writes the same sequence of users and kinds. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url)
    socket.once('open', () => resolve(socket))
    socket.once('error', reject)
  })
}

/** Subscribes to the table without a filter; resolves on `changes.subscribed`. */
function subscribe(socket: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (data: unknown) => {
      const frame = JSON.parse(String(data)) as Frame
      if (frame.type !== 'changes.subscribed' && frame.type !== 'error') return
      socket.off('message', onMessage)
      if (frame.type === 'error') reject(new Error(`subscribe: ${String(frame.payload.error)}`))
      else resolve()
    }
    socket.on('message', onMessage)
    socket.send(JSON.stringify({ type: 'changes.subscribe', payload: { table: TABLE } }))
  })
}

/** The local ports of a process's TCP sockets (Linux /proc). */
async function localPorts(pid: number): Promise<Set<number>> {
  const inodes = new Set<string>()
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const link = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')
    const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1]
    if (inode) inodes.add(inode)
  }
  const ports = new Set<number>()
  for (const file of ['tcp', 'tcp6']) {
    const text = await readFile(`/proc/${pid}/net/${file}`, 'utf8').catch(() => '')
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/)
      if (fields[9] && inodes.has(fields[9]))
        ports.add(Number.parseInt(fields[1]!.split(':')[1]!, 16))
    }
  }
  return ports
}

/** A process's CPU time in µs (utime + stime of /proc/PID/stat, at the usual 100 ticks/s). */
async function processCpu(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10_000
}

/**
 * CPU (µs) so far of each PostgreSQL backend whose client is `serverPid`: its pool and its
 * LISTEN connection. The database's work is outside the serving process on PostgreSQL (on
 * PGlite it is inside), so it is read apart; undefined where /proc or the database cannot tell.
 */
async function backendCpu(databaseUrl: string, serverPid: number) {
  const client = new pg.Client({ connectionString: databaseUrl })
  try {
    const ports = await localPorts(serverPid)
    await client.connect()
    const { rows } = await client.query<{ pid: number; port: number }>(
      'select pid, client_port as port from pg_stat_activity where client_port is not null',
    )
    const cpu = new Map<number, number>()
    for (const { pid, port } of rows) {
      if (ports.has(port)) cpu.set(pid, await processCpu(pid).catch(() => 0))
    }
    return cpu
  } catch {
    return undefined
  } finally {
    await client.end().catch(() => {})
  }
}

/**
 * Signs up `options.users` users, opens `options.clients` sockets (each with its user's token)
 * subscribed to prompts, then writes for `options.seconds` and waits for every delivery.
 */
export async function benchChangeDelivery(
  server: BenchedServer,
  options: ChangeDeliveryOptions,
  databaseUrl?: string,
): Promise<ChangeDeliveryResult> {
  const { users: userCount, clients: clientCount, seconds, intervalMs, publicShare } = options
  const users: Array<{ id: string; token: string }> = []
  for (let i = 0; i < userCount; i += 10) {
    const batch = Array.from({ length: Math.min(10, userCount - i) }, async (_, j) => {
      const email = `changes-${i + j}-${process.pid}@example.com`
      const tokens = await signUpThroughAuthPage((r) => fetch(r), server.url, { email })
      const me = await fetch(`${server.url}/api/auth/me`, {
        headers: { Authorization: `Bearer ${tokens.access_token}` },
      })
      const { user } = (await me.json()) as { user: { id: string } }
      return { id: user.id, token: tokens.access_token }
    })
    users.push(...(await Promise.all(batch)))
  }

  const writes: Write[] = []
  const latencies: number[] = []
  const answered: Array<[write: number, at: number]> = []
  let violations = 0
  let refusals = 0
  let received = 0
  let lastDeliveryAt = 0
  const socketBase = `${server.url.replace(/^http/, 'ws')}/?project_id=prompt-chat&token=`
  const ownerOf = (client: number) => client % userCount
  const clientsOf = (user: number) =>
    Math.floor(clientCount / userCount) + (user < clientCount % userCount ? 1 : 0)
  const sockets: WebSocket[] = []

  const onFrame = (client: number, data: unknown) => {
    const at = wallNow()
    const frame = JSON.parse(String(data)) as Frame
    if (frame.type !== 'change') {
      refusals++
      return
    }
    const row = (frame.payload.row ?? {}) as Row
    const n = Number(/^bench (\d+)$/.exec(String(row.title))?.[1] ?? Number.NaN)
    const write = writes[n]
    if (!write) return
    const mine = row.user_id === users[ownerOf(client)]!.id
    if (!mine && row.is_public !== '1') violations++
    write.seen[client]!++
    received++
    lastDeliveryAt = performance.now()
    if (!write.timed) return
    latencies.push(at - timestampMs(String(row.created_at)))
    answered.push([n, at])
  }

  // Connected in groups, as a crowd arrives, so the connect storm does not time itself out.
  for (let i = 0; i < clientCount; i += 50) {
    const group = await Promise.all(
      Array.from({ length: Math.min(50, clientCount - i) }, (_, j) =>
        open(socketBase + users[ownerOf(i + j)]!.token),
      ),
    )
    await Promise.all(group.map(subscribe))
    group.forEach((socket, j) => {
      socket.on('message', (data) => onFrame(i + j, data))
    })
    sockets.push(...group)
  }

  const http = createHttpClient(server.url, 64)
  /** Why writes failed, each reason once: printed with the result. */
  const failures = new Set<string>()
  const next = random(30)
  const write = async (timed: boolean) => {
    const n = writes.length
    const user = Math.floor(next() * userCount)
    const isPublic = next() < publicShare
    const record: Write = {
      user,
      isPublic,
      timed,
      sentAt: wallNow(),
      answeredAt: 0,
      ok: false,
      seen: new Uint8Array(clientCount),
    }
    writes.push(record)
    const body = JSON.stringify({
      user_id: users[user]!.id,
      title: `bench ${n}`,
      content: `A prompt written by the change-delivery bench, number ${n}. `.repeat(3),
      type: 'user',
      is_public: isPublic ? '1' : '0',
    })
    const headers = {
      Authorization: `Bearer ${users[user]!.token}`,
      'Content-Type': 'application/json',
    }
    const res = await http
      .request('POST', `${REST}/${TABLE}`, headers, body)
      .catch((error: Error) => ({ status: 0, body: `${error.name}: ${error.message}` }))
    record.answeredAt = wallNow()
    record.ok = res.status === 201
    if (!record.ok) failures.add(`${res.status} ${res.body.slice(0, 200)}`)
  }
  const expectedOf = (w: Write) => (!w.ok ? 0 : w.isPublic ? clientCount : clientsOf(w.user))
  const expectedOfAll = () => writes.reduce((sum, w) => sum + expectedOf(w), 0)
  /** Until every expected delivery is in, or none has come for 10 s (a loss). */
  const settle = async () => {
    const expected = expectedOfAll()
    let progressAt = performance.now()
    let last = received
    while (received < expected && performance.now() - progressAt < 10_000) {
      await sleep(20)
      if (received !== last) [last, progressAt] = [received, performance.now()]
    }
  }

  // Warm-up, untimed: the feed reads the table's catalog, PGlite and V8 warm their caches.
  for (let i = 0; i < 50; i++) {
    await write(false)
    await sleep(intervalMs)
  }
  await settle()
  const warmReceived = received
  const warmWrites = writes.length

  const cpuBefore = await server.cpu()
  const databaseBefore = databaseUrl ? await backendCpu(databaseUrl, server.pid) : undefined
  const started = performance.now()
  const pending: Array<Promise<void>> = []
  for (let n = 0; n < (seconds * 1000) / intervalMs; n++) {
    const wait = started + n * intervalMs - performance.now()
    if (wait > 0) await sleep(wait)
    pending.push(write(true))
  }
  await Promise.all(pending)
  const lastAnsweredAt = performance.now()
  await settle()
  const finishedAt = Math.max(lastDeliveryAt, lastAnsweredAt)
  const serverCpu = (await server.cpu()) - cpuBefore
  const databaseAfter = databaseUrl ? await backendCpu(databaseUrl, server.pid) : undefined
  let databaseCpu: number | undefined
  if (databaseBefore && databaseAfter) {
    // A backend that closed meanwhile is missing from the sum (pg's pool keeps busy ones).
    databaseCpu = 0
    for (const [pid, cpu] of databaseAfter) databaseCpu += cpu - (databaseBefore.get(pid) ?? 0)
  }

  await sleep(200) // anything late or doubled still counts against the run
  for (const socket of sockets) socket.terminate()
  http.close()

  const timed = writes.slice(warmWrites)
  let lost = 0
  let duplicates = 0
  for (const w of writes) {
    w.seen.forEach((count, client) => {
      const due = w.ok && (w.isPublic || ownerOf(client) === w.user) ? 1 : 0
      if (count < due) lost += due - count
      if (count > 1) duplicates += count - 1
    })
  }
  latencies.sort((a, b) => a - b)
  const after = (of: (w: Write) => number) =>
    answered.map(([n, at]) => at - of(writes[n]!)).sort((a, b) => a - b)
  const afterAnswer = after((w) => w.answeredAt)
  const afterSent = after((w) => w.sentAt)
  const at = (values: number[], q: number) =>
    values[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0
  const windowSeconds = (finishedAt - started) / 1000
  const writeTimes = timed.map((w) => w.answeredAt - w.sentAt).sort((a, b) => a - b)
  return {
    ...options,
    written: timed.filter((w) => w.ok).length,
    publicWritten: timed.filter((w) => w.ok && w.isPublic).length,
    writeErrors: timed.filter((w) => !w.ok).length,
    writeFailures: [...failures],
    expected: timed.reduce((sum, w) => sum + expectedOf(w), 0),
    received: received - warmReceived,
    lost,
    duplicates,
    violations,
    refusals,
    p50: at(latencies, 0.5),
    p95: at(latencies, 0.95),
    p99: at(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
    answeredP50: at(afterAnswer, 0.5),
    answeredP95: at(afterAnswer, 0.95),
    sentP95: at(afterSent, 0.95),
    writesPerSecond: timed.length / ((lastAnsweredAt - started) / 1000),
    writeP95: at(writeTimes, 0.95),
    deliveriesPerSecond: latencies.length / windowSeconds,
    drainSeconds: Math.max(0, lastDeliveryAt - lastAnsweredAt) / 1000,
    serverCpu,
    databaseCpu,
    windowSeconds,
  }
}

/** Commit-to-delivery p95 the issue asks for (docs/performance.md, "Change delivery"). */
const CHANGE_P95_TARGET_MS = 100

export function formatChangeDelivery(r: ChangeDeliveryResult): string[] {
  const ms = (v: number) => `${v.toFixed(1)} ms`
  const perDelivery = (cpu: number) => `${(cpu / Math.max(1, r.received)).toFixed(0)} µs/delivery`
  const perChange = (cpu: number) => `${(cpu / Math.max(1, r.written) / 1000).toFixed(2)} ms/change`
  const share = (cpu: number) => `${((cpu / (r.windowSeconds * 1e6)) * 100).toFixed(0)}%`
  const database =
    r.databaseCpu === undefined
      ? 'database in-process (included)'
      : `database ${share(r.databaseCpu)} ${perDelivery(r.databaseCpu)} ${perChange(r.databaseCpu)}`
  const errors = r.lost + r.duplicates + r.violations + r.refusals + r.writeErrors
  // A server that answers writes late commits them late: its commit-to-delivery figure then
  // hides the queue before the commit, so the asked rate must also have been kept.
  const keptRate = r.writesPerSecond >= 0.95 * (1000 / r.intervalMs)
  const pass = r.p95 <= CHANGE_P95_TARGET_MS && errors === 0 && keptRate
  return [
    `  commit to delivery     p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  p99 ${ms(r.p99)}  max ${ms(r.max)}  (from the HTTP answer: p50 ${ms(r.answeredP50)}  p95 ${ms(r.answeredP95)}; from the write sent: p95 ${ms(r.sentP95)})`,
    `  writes                 ${r.writesPerSecond.toFixed(0)}/s of ${(1000 / r.intervalMs).toFixed(0)}/s asked  p95 ${ms(r.writeP95)}`,
    `  deliveries             ${r.received} of ${r.expected} expected  ${r.deliveriesPerSecond.toFixed(0)} deliveries/s  ${r.written} changes written (${r.publicWritten} public)  drained ${r.drainSeconds.toFixed(1)} s after the last write`,
    `  server cpu             ${share(r.serverCpu)} ${perDelivery(r.serverCpu)} ${perChange(r.serverCpu)}  ${database}`,
    `  errors                 lost ${r.lost}  duplicated ${r.duplicates}  another user's private row ${r.violations}  error/reload frames ${r.refusals}  failed writes ${r.writeErrors}`,
    ...r.writeFailures.map((failure) => `  a write failed:        ${failure}`),
    `  p95 ≤ ${CHANGE_P95_TARGET_MS} ms at the asked write rate, nothing lost: ${pass ? 'PASS' : 'FAIL'}`,
  ]
}
