import { parseArgs } from 'node:util'
import pg from 'pg'
import { dropSchema, postgresAvailability, TEST_DATABASE_URL } from '../tests/support/postgres'
import { signUpThroughAuthPage } from '../tests/support/sign-up'
import { type ServerStats, startServer } from './bench-process'
import { type SoakRates, type SoakUser, startLoad, Window } from './soak-load'

// `npm run soak -- --minutes 10 --store pglite|postgres|both`: one server held under a steady
// load for minutes, not seconds (docs/performance.md, "Soak"). Every minute it prints the
// errors, p50/p95/p99 of the REST and auth requests, the server's memory (RSS and heap), its
// open sockets and, on PostgreSQL, the database's connections; at the end, memory growth after
// the first minute and the drift of p95. Loopback only; bounded by --minutes.
//
// Targets for a 10-minute run: no error, memory growth under 10% after the first minute, and
// p95 within 20% of the first minute's.

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    store: { type: 'string', default: 'both' },
    users: { type: 'string', default: '50' },
    rest: { type: 'string', default: '200' },
    sockets: { type: 'string', default: '1000' },
    publishes: { type: 'string', default: '20' },
    churn: { type: 'string', default: '10' },
    reconnects: { type: 'string', default: '2' },
    'sign-ins': { type: 'string', default: '12' },
    refreshes: { type: 'string', default: '2' },
    workers: { type: 'string', default: '2' },
  },
})
const minutes = Number(values.minutes)
const rates: SoakRates = {
  rest: Number(values.rest),
  sockets: Number(values.sockets),
  publishes: Number(values.publishes),
  churn: Number(values.churn),
  reconnects: Number(values.reconnects),
  signIns: Number(values['sign-ins']),
  refreshes: Number(values.refreshes),
}

interface Minute {
  minute: number
  requests: number
  errors: number
  p50: number
  p95: number
  p99: number
  deliveries: number
  server: ServerStats
  databaseConnections: number | null
  failures: string[]
}

const MB = 1024 * 1024
const ms = (value: number) => value.toFixed(1).padStart(7)

function formatMinute(m: Minute): string {
  return [
    String(m.minute).padStart(3),
    String(m.requests).padStart(7),
    String(m.errors).padStart(6),
    ms(m.p50),
    ms(m.p95),
    ms(m.p99),
    String(Math.round(m.deliveries / 60)).padStart(8),
    (m.server.rss / MB).toFixed(0).padStart(7),
    (m.server.heapUsed / MB).toFixed(0).padStart(7),
    String(m.server.sockets).padStart(8),
    String(m.databaseConnections ?? '-').padStart(6),
  ].join('  ')
}

/** The database's connections now, on PostgreSQL (the pools of every worker, and LISTEN). */
async function connectionsOf(databaseUrl: string | undefined): Promise<number | null> {
  if (!databaseUrl) return null
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    )
    return rows[0]?.n ?? 0
  } finally {
    await client.end()
  }
}

async function soak(name: string, databaseUrl: string | undefined, workers: number) {
  console.log(`\n${name}: ${minutes} min, ${JSON.stringify(rates)}`)
  const server = await startServer(databaseUrl, workers)
  try {
    const users: SoakUser[] = []
    for (let i = 0; i < Number(values.users); i++) {
      const email = `soak-${i}-${Date.now()}@example.com`
      const password = 'soak-password-123'
      const tokens = await signUpThroughAuthPage((r) => fetch(r), server.url, { email, password })
      const me = await fetch(`${server.url}/api/auth/me`, {
        headers: { Authorization: `Bearer ${tokens.access_token}` },
      })
      const { user } = (await me.json()) as { user: { id: string } }
      users.push({
        email,
        password,
        userId: user.id,
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token ?? '',
      })
    }
    let current = new Window()
    const stop = await startLoad(server.url, users, rates, () => current)
    console.log(
      '  min   reqs  errors    p50 ms   p95 ms   p99 ms  msgs/s  RSS MB  heap MB  sockets  db conn',
    )
    const report: Minute[] = []
    for (let minute = 1; minute <= minutes; minute++) {
      await new Promise((resolve) => setTimeout(resolve, 60_000))
      const ended = current
      current = new Window()
      const row: Minute = {
        minute,
        requests: ended.latencies.length + ended.errors,
        errors: ended.errors,
        p50: ended.percentile(0.5),
        p95: ended.percentile(0.95),
        p99: ended.percentile(0.99),
        deliveries: ended.deliveries,
        server: await server.stats(),
        databaseConnections: await connectionsOf(databaseUrl),
        failures: [...ended.failures],
      }
      report.push(row)
      console.log(`  ${formatMinute(row)}`)
      for (const failure of row.failures) console.log(`        ${failure}`)
    }
    await stop()
    summarise(report)
  } finally {
    await server.stop()
    if (databaseUrl) await dropSchema(server.schema)
  }
}

/** Growth of memory after the first minute and drift of p95, against the targets. */
function summarise(report: Minute[]) {
  const first = report[0]
  const last = report.at(-1)
  if (!first || !last || report.length < 2) return
  const errors = report.reduce((sum, m) => sum + m.errors, 0)
  const growth = (last.server.rss - first.server.rss) / first.server.rss
  const heapGrowth = (last.server.heapUsed - first.server.heapUsed) / first.server.heapUsed
  const drift = (last.p95 - first.p95) / first.p95
  const verdict = (ok: boolean) => (ok ? 'within target' : 'OVER TARGET')
  console.log(`  errors: ${errors} (target 0: ${verdict(errors === 0)})`)
  console.log(
    `  RSS after minute 1: ${(growth * 100).toFixed(1)}% (heap ${(heapGrowth * 100).toFixed(1)}%; target < 10%: ${verdict(growth < 0.1)})`,
  )
  console.log(
    `  p95, last minute against the first: ${(drift * 100).toFixed(1)}% (target within 20%: ${verdict(Math.abs(drift) <= 0.2)})`,
  )
  // One minute's p95 moves by a third on PostgreSQL with no trend at all: the median of the
  // first and last three says whether it drifted.
  if (report.length >= 6) {
    const median = (minutes: Minute[]) => minutes.map((m) => m.p95).sort((a, b) => a - b)[1]!
    const trend = median(report.slice(-3)) / median(report.slice(0, 3)) - 1
    console.log(
      `  p95, median of the last 3 minutes against the first 3: ${(trend * 100).toFixed(1)}%`,
    )
  }
}

const stores = values.store === 'both' ? ['pglite', 'postgres'] : [String(values.store)]
if (stores.includes('pglite')) await soak('PGlite, 1 process', undefined, 1)
if (stores.includes('postgres')) {
  const postgres = await postgresAvailability()
  const workers = Number(values.workers)
  if (postgres.available) await soak(`PostgreSQL, ${workers} workers`, TEST_DATABASE_URL, workers)
  else console.log(`\nPostgreSQL skipped: ${postgres.reason}`)
}
