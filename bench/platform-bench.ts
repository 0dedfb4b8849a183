import os from 'node:os'
import { appSchema } from '../db/index'
import { migrate } from '../mocks/platform/store/migrate'
import { openPgliteStore } from '../mocks/platform/store/pglite-store'
import { openPostgresStore } from '../mocks/platform/store/postgres-store'
import type { SqlStore } from '../mocks/platform/store/sql-store'
import { dropSchema, postgresAvailability, TEST_DATABASE_URL } from '../tests/support/postgres'
import { signUpThroughAuthPage } from '../tests/support/sign-up'
import { startServer } from './bench-process'
import { benchBroadcast, formatBroadcast } from './broadcast-bench'
import { benchChangeDelivery, formatChangeDelivery } from './change-delivery-bench'
import { createHttpClient } from './http-client'
import { formatResult, type LoadResult, runLoad } from './load'
import { benchSearchAt, type SearchScale } from './search-scale'

// `npm run bench:platform`: the table API over real HTTP beside the same query run directly
// on the database, on PGlite and on PostgreSQL (one server process, then one per core: node:cluster
// workers on one database). Prints req/s, p50/p99, the server's CPU and the overhead ratio, then
// one channel's broadcast to 1,000 subscribers: p50/p95 latency and messages/s; then search over
// 100,000 messages of one user among 1,000,000 of another's (BENCH_SEARCH=0 leaves it out).
// Between them, the change feed's delivery to 1,000 clients of 100 users while they write
// (BENCH_CHANGES=0 leaves it out; BENCH_HTTP=0 leaves out the table API and broadcast).
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16)

/** Server CPU over a load, beside its throughput: share of one core, and per request. */
interface HttpResult extends LoadResult {
  cpuShare: number
  cpuPerRequest: number
}

async function benchBackend(
  name: string,
  options: { databaseUrl?: string; workers?: number; direct: Record<string, LoadResult> },
) {
  const { databaseUrl, workers = 1, direct } = options
  const server = await startServer(databaseUrl, workers)
  const tokens = await signUpThroughAuthPage((r) => fetch(r), server.url, {
    email: 'bench@example.com',
  })
  const auth = {
    Authorization: `Bearer ${tokens.access_token}`,
    'Content-Type': 'application/json',
  }
  const rest = '/api/db/prompt-chat/rest/v1'
  const client = createHttpClient(server.url, CONCURRENCY)
  const me = JSON.parse((await client.request('GET', '/api/auth/me', auth)).body)
  const userId = me.user.id as string

  // 200 rows to read from.
  const seeded = await client.request(
    'POST',
    `${rest}/chat_messages`,
    { ...auth, Prefer: 'return=representation' },
    JSON.stringify(
      Array.from({ length: 200 }, (_, i) => ({
        user_id: userId,
        model_id: 'gpt-5',
        role: i % 2 ? 'assistant' : 'user',
        content: `message ${i}`,
      })),
    ),
  )
  const ids = (JSON.parse(seeded.body) as Array<{ id: string }>).map((r) => r.id)

  // Warmed up first, so the CPU figure covers the timed requests only.
  const measure = async (task: (i: number) => Promise<void>): Promise<HttpResult> => {
    await runLoad(task, { seconds: 0.5, concurrency: CONCURRENCY, warmup: 50 })
    const before = await server.cpu()
    const result = await runLoad(task, { seconds: SECONDS, concurrency: CONCURRENCY, warmup: 0 })
    const cpu = (await server.cpu()) - before
    return {
      ...result,
      cpuShare: cpu / (SECONDS * 1e6),
      cpuPerRequest: result.requests ? cpu / result.requests : 0,
    }
  }
  const expect = (status: number, what: string) => (res: { status: number }) => {
    if (res.status !== status) throw new Error(`${what} ${res.status}`)
  }

  const http: Record<string, HttpResult> = {}
  http['GET one row by id'] = await measure(async (i) => {
    const path = `${rest}/chat_messages?id=eq.${ids[i % ids.length]}`
    expect(200, 'GET')(await client.request('GET', path, auth))
  })
  http['POST one row'] = await measure(async (i) => {
    const body = JSON.stringify({ user_id: userId, prompt_id: `p${i}` })
    expect(201, 'POST')(await client.request('POST', `${rest}/quick_prompts`, auth, body))
  })
  http['filtered list of 50'] = await measure(async () => {
    const path = `${rest}/chat_messages?user_id=eq.${userId}&role=eq.user&order=created_at.desc&limit=50`
    expect(200, 'LIST')(await client.request('GET', path, auth))
  })
  client.close()
  const broadcast = await benchBroadcast(server.url, tokens.access_token, {
    subscribers: Number(process.env.BENCH_SUBSCRIBERS ?? 1000),
  })
  await server.stop()

  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')
  console.log(
    `\n${name}  (${CONCURRENCY} concurrent clients, ${SECONDS} s each; load average ${load})`,
  )
  for (const [label, result] of Object.entries(http)) {
    const baseline = direct[label]!
    const cpu = `server cpu ${(result.cpuShare * 100).toFixed(0).padStart(3)}% ${result.cpuPerRequest.toFixed(0).padStart(5)} µs/req`
    console.log(`  ${label.padEnd(22)} HTTP   ${formatResult(result)}  ${cpu}`)
    console.log(
      `  ${''.padEnd(22)} direct ${formatResult(baseline)}  overhead ×${(baseline.perSecond / result.perSecond).toFixed(1)}`,
    )
  }
  console.log(`  realtime broadcast     ${formatBroadcast(broadcast)}`)
  if (databaseUrl) await dropSchema(server.schema)
}

async function directBaseline(databaseUrl?: string): Promise<Record<string, LoadResult>> {
  const schema = `bench_direct_${process.pid}`
  // The database as its owner, without the platform's serving role: the floor to compare with.
  const store: SqlStore = databaseUrl
    ? await openPostgresStore({ ownerUrl: databaseUrl, servingUrl: databaseUrl, schema })
    : await openPgliteStore()
  await migrate(store, appSchema)
  try {
    const userId = 'user_direct'
    const ids: string[] = []
    for (let i = 0; i < 200; i++) {
      const { rows } = await store.query<{ id: string }>(
        `insert into chat_messages (user_id, model_id, role, content) values ($1, 'gpt-5', $2, $3) returning id`,
        [userId, i % 2 ? 'assistant' : 'user', `message ${i}`],
      )
      ids.push(rows[0]!.id)
    }
    const opts = { seconds: SECONDS, concurrency: databaseUrl ? CONCURRENCY : 1 }
    return {
      'GET one row by id': await runLoad(async (i) => {
        await store.query('select * from chat_messages where id = $1', [ids[i % ids.length]])
      }, opts),
      'POST one row': await runLoad(async (i) => {
        await store.query(
          'insert into quick_prompts (user_id, prompt_id) values ($1, $2) returning *',
          [userId, `p${i}`],
        )
      }, opts),
      'filtered list of 50': await runLoad(async () => {
        await store.query(
          `select * from chat_messages where user_id = $1 and role = 'user' order by created_at desc, id asc limit 50`,
          [userId],
        )
      }, opts),
    }
  } finally {
    await store.close()
    if (databaseUrl) await dropSchema(schema)
  }
}

/**
 * Change delivery (issue 30) on a fresh server of its own: target p95 ≤ 100 ms from commit to
 * delivery (docs/performance.md, "Change delivery (live sync)"). One server process: every
 * server checks each change for its own subscribers, so more workers add no capacity.
 */
async function benchChanges(name: string, databaseUrl?: string) {
  const options = {
    users: Number(process.env.BENCH_CHANGES_USERS ?? 100),
    clients: Number(process.env.BENCH_CHANGES_CLIENTS ?? 1000),
    seconds: Number(process.env.BENCH_CHANGES_SECONDS ?? 15),
    intervalMs: Number(process.env.BENCH_CHANGES_INTERVAL_MS ?? 10),
    publicShare: Number(process.env.BENCH_CHANGES_PUBLIC ?? 0.05),
  }
  const server = await startServer(databaseUrl, 1)
  try {
    const result = await benchChangeDelivery(server, options, databaseUrl)
    const load = os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')
    console.log(
      `\n${name}: change delivery  (${options.clients} clients of ${options.users} users on prompts, a write per ${options.intervalMs} ms for ${options.seconds} s, ${(options.publicShare * 100).toFixed(0)}% public; load average ${load})`,
    )
    for (const line of formatChangeDelivery(result)) console.log(line)
  } finally {
    await server.stop()
    if (databaseUrl) await dropSchema(server.schema)
  }
}

const postgres = await postgresAvailability().catch((e: Error) => ({
  available: false,
  reason: e.message,
}))
if (process.env.BENCH_HTTP !== '0') {
  await benchBackend('PGlite (embedded)', { direct: await directBaseline() })
}
if (process.env.BENCH_HTTP !== '0' && postgres.available) {
  const direct = await directBaseline(TEST_DATABASE_URL)
  // One process, then one per core (BENCH_PG_WORKERS, e.g. "1,2").
  for (const workers of (process.env.BENCH_PG_WORKERS ?? `1,${os.availableParallelism()}`)
    .split(',')
    .map(Number)) {
    const name = `PostgreSQL, ${workers} worker${workers === 1 ? '' : 's'}`
    await benchBackend(name, { databaseUrl: TEST_DATABASE_URL, workers, direct })
  }
}
if (!postgres.available) console.log(`\nPostgreSQL skipped: ${postgres.reason}`)

if (process.env.BENCH_CHANGES !== '0') {
  await benchChanges('PGlite (embedded)')
  if (postgres.available) await benchChanges('PostgreSQL, 1 worker', TEST_DATABASE_URL)
}

// Search at scale (docs/product/search.md): targets p95 ≤ 200 ms on PGlite, ≤ 50 ms on
// PostgreSQL (docs/performance.md).
if (process.env.BENCH_SEARCH !== '0') {
  const scale: SearchScale = {
    mine: Number(process.env.BENCH_SEARCH_MINE ?? 100_000),
    theirs: Number(process.env.BENCH_SEARCH_THEIRS ?? 1_000_000),
    runs: Number(process.env.BENCH_RUNS ?? 21),
    seed: 'sql',
  }
  await benchSearchAt('PGlite (embedded)', scale)
  if (postgres.available) await benchSearchAt('PostgreSQL', scale, TEST_DATABASE_URL)
}
