import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { appSchema } from '../db/index'
import type { SqlExecutor } from '../mocks/platform/index'
import { startLocalServer } from '../mocks/server/local-server'
import { searchEverything } from '../src/effects/search-everything'
import { createPlatformClient } from '../src/platform/index'
import { dropSchema } from '../tests/support/postgres'
import { signUpThroughAuthPage } from '../tests/support/sign-up'
import { median } from './figures'

// Search (docs/product/search.md) at real sizes, over real HTTP: one user's messages (one in
// 100 about Lisbon) among another's (every one about Lisbon). Used by `npm run bench:search`
// (10,000 among 100,000, written through the table API, whose writing it also times) and by
// `npm run bench:platform` (100,000 among 1,000,000, written by the database's owner in one
// statement each: how they got there is not what is measured).

export interface SearchScale {
  mine: number
  theirs: number
  runs: number
  /** `http`: through the table API, 1,000 rows a call, timed; `sql`: as the owner, at once. */
  seed: 'http' | 'sql'
}

const BATCH = 1_000
const LISBON = 'the trams of Lisbon climb the hills of Alfama at dawn.'
const PLAIN = 'plans for the week, the budget and a recipe for soup.'
const THEIRS = 'about Lisbon and its trams.'

/** `median 12.3 ms, p95 15.0 ms (min 10.1, max 16.2)`: each answer as the client waited for it. */
function medianAndP95(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b)
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]!
  return `median ${median(values).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (min ${sorted[0]!.toFixed(1)}, max ${sorted.at(-1)!.toFixed(1)})`
}

/** `count` messages in one conversation of `userId`'s, in one statement, as the owner. */
async function seedAsOwner(
  tx: SqlExecutor,
  userId: string,
  conversationId: string,
  count: number,
  text: { every100th: string; other: string },
) {
  // The conversation's end and activity triggers would update one row a million times: off
  // while the rows go in, then the end set once, as they would have left it. The others (the
  // stored search words among them) run as for any write.
  const quiet = ['chat_messages_follow_leaf', 'chat_messages_touch_conversation']
  for (const trigger of quiet)
    await tx.query(`alter table chat_messages disable trigger ${trigger}`)
  await tx.query(
    `insert into chat_messages
       (id, user_id, conversation_id, parent_id, model_id, role, content, created_at)
     select 'm_' || n, $1, $2, case when n = 0 then null else 'm_' || (n - 1) end, 'gpt-5',
         case when n % 2 = 1 then 'assistant' else 'user' end,
         'Note ' || n || ': ' || case when n % 100 = 7 then $3 else $4 end,
         now() - ($5 - n) * interval '1 second'
       from generate_series(0, $5 - 1) n`,
    [userId, conversationId, text.every100th, text.other, count],
  )
  for (const trigger of quiet) await tx.query(`alter table chat_messages enable trigger ${trigger}`)
  await tx.query(
    `update conversations set current_leaf_id = $3, updated_at = now()
       where user_id = $1 and id = $2`,
    [userId, conversationId, `m_${count - 1}`],
  )
}

/** Prints the figures of one database: PGlite without `databaseUrl`. */
export async function benchSearchAt(label: string, scale: SearchScale, databaseUrl?: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'search-bench-'))
  const schema = databaseUrl ? `search_bench_${process.pid}_${Date.now()}` : undefined
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
      text: { every100th: string; other: string },
    ) => {
      const conversation = `conv_${user.userId}`
      const began = performance.now()
      if (scale.seed === 'sql') {
        await server.store.asOwner((tx) => seedAsOwner(tx, user.userId, conversation, count, text))
        return performance.now() - began
      }
      const start = Date.now() - count * 1000
      for (let from = 0; from < count; from += BATCH)
        await user.client.db.table('chatMessages').createMany(
          Array.from({ length: Math.min(BATCH, count - from) }, (_, i) => {
            const n = from + i
            return {
              id: `m_${n}`,
              userId: user.userId,
              conversationId: conversation,
              modelId: 'gpt-5',
              role: n % 2 ? 'assistant' : 'user',
              content: `Note ${n}: ${n % 100 === 7 ? text.every100th : text.other}`,
              createdAt: new Date(start + n * 1000).toISOString(),
            }
          }),
        )
      return performance.now() - began
    }
    // Both conversations first: on PGlite the owner's statement holds the server's only thread
    // for a while, and a kept-alive connection the server closed meanwhile fails once.
    for (const user of [me, them])
      await user.client.db
        .table('conversations')
        .create({ id: `conv_${user.userId}`, userId: user.userId, title: 'A long history' })
    const mineMs = await seed(me, scale.mine, { every100th: LISBON, other: PLAIN })
    const theirsMs = await seed(them, scale.theirs, { every100th: THEIRS, other: THEIRS })
    // The same after the seeding: one untimed search settles it.
    await searchEverything(me.client.db, 'warm').catch(() => searchEverything(me.client.db, 'warm'))
    const time = async (query: string) => {
      const runs: number[] = []
      let found = 0
      for (let i = 0; i < scale.runs; i++) {
        const began = performance.now()
        found = (await searchEverything(me.client.db, query)).length
        runs.push(performance.now() - began)
      }
      return `${medianAndP95(runs)}, ${found} results`
    }
    const how = scale.seed === 'sql' ? 'by the owner, one statement' : 'through the table API'
    const n = (count: number) => count.toLocaleString('en-US')
    console.log(
      `\n${label}: search over ${n(scale.mine)} messages among ${n(scale.theirs)} of another user's`,
    )
    console.log(`  writing ${n(scale.mine)} messages (${how}): ${(mineMs / 1000).toFixed(1)} s`)
    console.log(`  writing ${n(scale.theirs)} messages (${how}): ${(theirsMs / 1000).toFixed(1)} s`)
    console.log(
      `  a word only I use ("soup", in ${n(scale.mine - scale.mine / 100)}): ${await time('soup')}`,
    )
    console.log(
      `  a word we both use ("lisbon", ${n(scale.mine / 100)} of mine, ${n(scale.theirs)} of theirs): ${await time('lisbon')}`,
    )
    console.log(`  a phrase ("trams of Lisbon"): ${await time('"trams of lisbon"')}`)
    console.log(`  nothing matches ("zanzibar"): ${await time('zanzibar')}`)
  } finally {
    await server.close()
    await rm(dataDir, { recursive: true, force: true })
    if (schema) await dropSchema(schema)
  }
}
