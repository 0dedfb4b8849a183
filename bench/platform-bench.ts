import { fork } from 'node:child_process'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { appSchema } from '../db/index'
import { migrate } from '../mocks/platform/store/migrate'
import { openPgliteStore } from '../mocks/platform/store/pglite-store'
import { openPostgresStore } from '../mocks/platform/store/postgres-store'
import type { SqlStore } from '../mocks/platform/store/sql-store'
import { dropSchema, postgresAvailability, TEST_DATABASE_URL } from '../tests/support/postgres'
import { signUpThroughAuthPage } from '../tests/support/sign-up'
import { benchBroadcast, formatBroadcast } from './broadcast-bench'
import { formatResult, type LoadResult, runLoad } from './load'

// `npm run bench:platform`: the table API over real HTTP beside the same query run directly
// on the database, on PGlite and on PostgreSQL. Prints req/s, p50/p99 and the overhead ratio,
// then one channel's broadcast to 1,000 subscribers: p50/p95 latency and messages/s.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16)
const here = path.dirname(fileURLToPath(import.meta.url))

async function startServer(databaseUrl?: string) {
  const child = fork(path.join(here, 'bench-server.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: databaseUrl ?? '' },
    stdio: 'inherit',
  })
  const { url, dataDir } = await new Promise<{ url: string; dataDir: string }>((resolve) =>
    child.once('message', (m) => resolve(m as { url: string; dataDir: string })),
  )
  return {
    url,
    schema: `bench_${child.pid}`,
    async stop() {
      child.send('stop')
      await new Promise((resolve) => child.once('exit', resolve))
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

async function benchBackend(name: string, databaseUrl?: string) {
  const server = await startServer(databaseUrl)
  const tokens = await signUpThroughAuthPage((r) => fetch(r), server.url, {
    email: 'bench@example.com',
  })
  const auth = {
    Authorization: `Bearer ${tokens.access_token}`,
    'Content-Type': 'application/json',
  }
  const rest = `${server.url}/api/db/prompt-chat/rest/v1`
  const me = await (await fetch(`${server.url}/api/auth/me`, { headers: auth })).json()
  const userId = me.user.id as string

  // 200 rows to read from.
  const seedRes = await fetch(`${rest}/chat_messages`, {
    method: 'POST',
    headers: { ...auth, Prefer: 'return=representation' },
    body: JSON.stringify(
      Array.from({ length: 200 }, (_, i) => ({
        user_id: userId,
        model_id: 'gpt-5',
        role: i % 2 ? 'assistant' : 'user',
        content: `message ${i}`,
      })),
    ),
  })
  const ids = ((await seedRes.json()) as Array<{ id: string }>).map((r) => r.id)

  const http: Record<string, LoadResult> = {}
  http['GET one row by id'] = await runLoad(
    async (i) => {
      const res = await fetch(`${rest}/chat_messages?id=eq.${ids[i % ids.length]}`, {
        headers: auth,
      })
      if (res.status !== 200) throw new Error(`GET ${res.status}`)
      await res.arrayBuffer()
    },
    { seconds: SECONDS, concurrency: CONCURRENCY },
  )
  http['POST one row'] = await runLoad(
    async (i) => {
      const res = await fetch(`${rest}/quick_prompts`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ user_id: userId, prompt_id: `p${i}` }),
      })
      if (res.status !== 201) throw new Error(`POST ${res.status}`)
      await res.arrayBuffer()
    },
    { seconds: SECONDS, concurrency: CONCURRENCY },
  )
  http['filtered list of 50'] = await runLoad(
    async () => {
      const res = await fetch(
        `${rest}/chat_messages?user_id=eq.${userId}&role=eq.user&order=created_at.desc&limit=50`,
        { headers: auth },
      )
      if (res.status !== 200) throw new Error(`LIST ${res.status}`)
      await res.arrayBuffer()
    },
    { seconds: SECONDS, concurrency: CONCURRENCY },
  )
  const broadcast = await benchBroadcast(server.url, tokens.access_token, {
    subscribers: Number(process.env.BENCH_SUBSCRIBERS ?? 1000),
  })
  await server.stop()

  // The same three queries straight on a database of the same kind (no HTTP, no JWT, no RLS).
  const direct = await directBaseline(databaseUrl)

  console.log(`\n${name}  (${CONCURRENCY} concurrent clients, ${SECONDS} s each)`)
  for (const [label, result] of Object.entries(http)) {
    const baseline = direct[label]!
    console.log(`  ${label.padEnd(22)} HTTP   ${formatResult(result)}`)
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

await benchBackend('PGlite (embedded)')
const postgres = await postgresAvailability().catch((e: Error) => ({
  available: false,
  reason: e.message,
}))
if (postgres.available) await benchBackend('PostgreSQL', TEST_DATABASE_URL)
else console.log(`\nPostgreSQL skipped: ${postgres.reason}`)
