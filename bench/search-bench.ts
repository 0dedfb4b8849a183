import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { appSchema } from '../db/index'
import { startLocalServer } from '../mocks/server/local-server'
import { searchEverything } from '../src/effects/search-everything'
import { createPlatformClient } from '../src/platform/index'
import { dropSchema, postgresAvailability, TEST_DATABASE_URL } from '../tests/support/postgres'
import { signUpThroughAuthPage } from '../tests/support/sign-up'
import { msStats } from './figures'

// `npm run bench:search`: search (docs/product/search.md) at real sizes, over real HTTP, on
// PGlite and on PostgreSQL. One user has 10,000 messages (one in 100 about Lisbon); another
// has 100,000, every one about Lisbon. Prints how long writing them took, and the time of the
// first user's search for a word of their own and for the word the other user's history is
// full of: under row-level security only the first user's rows count, but the indexes hold
// both (docs/security.md, "Known limits").

const MINE = Number(process.env.BENCH_MINE ?? 10_000)
const THEIRS = Number(process.env.BENCH_THEIRS ?? 100_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 15)
const BATCH = 1_000

async function benchBackend(label: string, databaseUrl?: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'search-bench-'))
  const schema = databaseUrl ? `search_bench_${process.pid}` : undefined
  const server = await startLocalServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    schema,
    projectId: 'prompt-chat',
    secret: 'search-bench-secret-that-is-at-least-32-chars',
    app: appSchema,
  })
  try {
    const userWith = async (email: string) => {
      const tokens = await signUpThroughAuthPage((r) => fetch(r), server.url, { email })
      const stored = new Map<string, string>()
      const client = createPlatformClient({
        projectId: 'prompt-chat',
        authUrl: server.url,
        coreUrl: server.url,
        storage: {
          getItem: (key) => stored.get(key) ?? null,
          setItem: (key, value) => void stored.set(key, value),
          removeItem: (key) => void stored.delete(key),
        },
      })
      client.auth.setTokens(tokens)
      return { client, userId: (await client.auth.me()).id }
    }
    const me = await userWith('me@example.com')
    const them = await userWith('them@example.com')
    const seed = async (
      user: Awaited<ReturnType<typeof userWith>>,
      count: number,
      text: (n: number) => string,
    ) => {
      const conversation = `conv_${user.userId}`
      await user.client.db
        .table('conversations')
        .create({ id: conversation, userId: user.userId, title: 'A long history' })
      const start = Date.now() - count * 1000
      const began = performance.now()
      for (let from = 0; from < count; from += BATCH)
        await user.client.db.table('chatMessages').createMany(
          Array.from({ length: Math.min(BATCH, count - from) }, (_, i) => ({
            id: `m_${from + i}`,
            userId: user.userId,
            conversationId: conversation,
            modelId: 'gpt-5',
            role: (from + i) % 2 ? 'assistant' : 'user',
            content: text(from + i),
            createdAt: new Date(start + (from + i) * 1000).toISOString(),
          })),
        )
      return performance.now() - began
    }
    const mineMs = await seed(me, MINE, (n) =>
      n % 100 === 7
        ? `Note ${n}: the trams of Lisbon climb the hills of Alfama at dawn.`
        : `Note ${n}: plans for the week, the budget and a recipe for soup.`,
    )
    const theirsMs = await seed(them, THEIRS, (n) => `Their note ${n} about Lisbon and its trams.`)
    const time = async (query: string) => {
      const runs: number[] = []
      let found = 0
      for (let i = 0; i < RUNS; i++) {
        const began = performance.now()
        found = (await searchEverything(me.client.db, query)).length
        runs.push(performance.now() - began)
      }
      return `${msStats(runs)}, ${found} results`
    }
    console.log(`\n${label}`)
    console.log(`  writing ${MINE} messages: ${(mineMs / 1000).toFixed(1)} s`)
    console.log(`  writing ${THEIRS} messages: ${(theirsMs / 1000).toFixed(1)} s`)
    console.log(`  a word only I use ("soup", in ${MINE - MINE / 100}): ${await time('soup')}`)
    console.log(
      `  a word we both use ("lisbon", ${MINE / 100} of mine, ${THEIRS} of theirs): ${await time('lisbon')}`,
    )
    console.log(`  a phrase ("trams of Lisbon"): ${await time('"trams of lisbon"')}`)
    console.log(`  nothing matches ("zanzibar"): ${await time('zanzibar')}`)
  } finally {
    await server.close()
    await rm(dataDir, { recursive: true, force: true })
    if (schema) await dropSchema(schema)
  }
}

await benchBackend('PGlite')
// BENCH_POSTGRES=0 leaves PostgreSQL out.
const postgres =
  process.env.BENCH_POSTGRES === '0'
    ? { available: false, reason: 'BENCH_POSTGRES=0' }
    : await postgresAvailability()
if (postgres.available) await benchBackend('PostgreSQL', TEST_DATABASE_URL)
else console.log(`\nPostgreSQL skipped: ${postgres.reason}`)
