import fc from 'fast-check'
import { beforeAll, expect, test } from 'vitest'
import type { Where } from '../../src/platform/db-client'
import { createPlatformClient, type PlatformClient } from '../../src/platform/index'
import { installMockPlatform } from '../support/mock-platform'
import { TEST_ORIGIN } from '../support/test-platform'

// The SDK's filter/order encoding, parsed by the server and run by the database, selects
// exactly what a reference filter computed in memory selects.
const mockPlatform = installMockPlatform()

// Titles full of the characters the encoding must survive: commas, parens, quotes, dots,
// backslashes, spaces, percent signs, non-ASCII.
const TITLES = [
  'plain',
  'Plain',
  'with space',
  'comma, here',
  '(parens)',
  'quote "inside"',
  'back\\slash',
  'dot.ted.eq.x',
  'not.really',
  'in.(a,b)',
  '100% sure',
  'ünïcödé',
  'null',
  '',
]
type Row = { title: string; createdAt: string }
const rows: Row[] = TITLES.map((title, i) => ({
  title,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
}))

let client: PlatformClient
let userId: string

beforeAll(async () => {
  const storage = new Map<string, string>()
  client = createPlatformClient({
    projectId: 'prompt-chat',
    authUrl: TEST_ORIGIN,
    coreUrl: TEST_ORIGIN,
    storage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
      removeItem: (k) => void storage.delete(k),
    },
  })
  client.auth.setTokens(await mockPlatform().signUp('property@example.com'))
  userId = (await client.auth.me()).id
  await client.db
    .table('prompts')
    .createMany(rows.map((row) => ({ ...row, userId, content: 'c', type: 'user' })))
})

// LIKE without escapes: % is any run, _ any one character (and PostgREST's * means %).
const likeToRegExp = (pattern: string, flags: string) =>
  new RegExp(
    `^${[...pattern.replace(/\*/g, '%')]
      .map((ch) =>
        ch === '%' ? '.*' : ch === '_' ? '.' : ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('')}$`,
    flags,
  )

type Condition =
  | { op: 'eq' | 'neq' | 'not'; value: string }
  | { op: 'in' | 'not_in'; value: string[] }
  | { op: 'like' | 'ilike'; value: string }
  | { op: 'gt' | 'lt'; value: string }

function matches(row: Row, condition: Condition): boolean {
  switch (condition.op) {
    case 'eq':
      return row.title === condition.value
    case 'neq':
    case 'not':
      return row.title !== condition.value
    case 'in':
      return condition.value.includes(row.title)
    case 'not_in':
      return !condition.value.includes(row.title)
    case 'like':
      return likeToRegExp(condition.value, 's').test(row.title)
    case 'ilike':
      return likeToRegExp(condition.value, 'si').test(row.title)
    case 'gt':
      return row.createdAt > condition.value
    case 'lt':
      return row.createdAt < condition.value
  }
}

const title = fc.oneof(fc.constantFrom(...TITLES), fc.string({ maxLength: 6 }))
const likePattern = fc
  .array(fc.constantFrom('%', '_', '*', 'p', 'l', 'a', 'i', 'n', ' ', ',', '(', 'ü', 'P'), {
    maxLength: 6,
  })
  .map((chars) => chars.join(''))
const condition: fc.Arbitrary<Condition> = fc.oneof(
  fc.record({ op: fc.constantFrom('eq', 'neq', 'not'), value: title }) as fc.Arbitrary<Condition>,
  fc.record({
    op: fc.constantFrom('in', 'not_in'),
    value: fc.array(title, { minLength: 1, maxLength: 4 }),
  }) as fc.Arbitrary<Condition>,
  fc.record({
    op: fc.constantFrom('like', 'ilike'),
    value: likePattern,
  }) as fc.Arbitrary<Condition>,
  fc.record({
    op: fc.constantFrom('gt', 'lt'),
    value: fc.constantFrom(...rows.map((r) => r.createdAt)),
  }) as fc.Arbitrary<Condition>,
)

test('any filter selects on the server exactly what the reference selects in memory', async () => {
  await fc.assert(
    fc.asyncProperty(condition, fc.constantFrom('asc', 'desc'), async (cond, direction) => {
      const column = cond.op === 'gt' || cond.op === 'lt' ? 'createdAt' : 'title'
      const found = await client.db.table<Row>('prompts').list({
        where: { userId, [column]: { [cond.op]: cond.value } },
        orderBy: { createdAt: direction },
      })
      const expected = rows
        .filter((row) => matches(row, cond))
        .sort((a, b) => (direction === 'asc' ? 1 : -1) * a.createdAt.localeCompare(b.createdAt))
      expect(found.map((r) => r.title)).toEqual(expected.map((r) => r.title))
    }),
    { numRuns: 150 },
  )
})

// Several conditions at once, an order over several columns, limit and offset.
type Ranked = { title: string; type: 'user' | 'system'; isPublic: '0' | '1'; createdAt: string }
const ranked: Ranked[] = Array.from({ length: 12 }, (_, i) => ({
  title: `r${i}`,
  type: i % 2 ? 'system' : 'user',
  isPublic: i % 3 ? '0' : '1',
  createdAt: new Date(Date.UTC(2026, 1, 1, 0, 0, (i * 7) % 12)).toISOString(),
}))
const instants = ranked.map((row) => row.createdAt)
const ORDER_COLUMNS = ['type', 'isPublic'] as const

test('combined conditions, orders over several columns, limit and offset match the reference', async () => {
  const other = (await mockPlatform().signUp('property-ranked@example.com')).access_token
  const storage = new Map<string, string>()
  const ranker = createPlatformClient({
    projectId: 'prompt-chat',
    authUrl: TEST_ORIGIN,
    coreUrl: TEST_ORIGIN,
    storage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
      removeItem: (k) => void storage.delete(k),
    },
  })
  ranker.auth.setTokens({
    access_token: other,
    token_type: 'Bearer',
    expires_in: 900,
    refresh_expires_in: 2_592_000,
  })
  const owner = (await ranker.auth.me()).id
  const table = ranker.db.table<Ranked>('prompts')
  await table.createMany(ranked.map((row) => ({ ...row, userId: owner, content: 'c' })))

  await fc.assert(
    fc.asyncProperty(
      fc.record(
        {
          gte: fc.constantFrom(...instants),
          lte: fc.constantFrom(...instants),
          isPublic: fc.constantFrom('0', '1'),
          types: fc.subarray(['user', 'system'], { minLength: 1 }),
        },
        { requiredKeys: [] },
      ),
      fc.shuffledSubarray([...ORDER_COLUMNS]),
      fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
      fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
      fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
      async (cond, columns, descending, limit, offset) => {
        // createdAt is unique, so ending on it makes the whole order predictable.
        const order = [...columns, 'createdAt' as const].map((column, i) => ({
          column,
          desc: descending[i] ?? false,
        }))
        const where: Where = { userId: owner }
        if (cond.gte || cond.lte) {
          where.createdAt = {
            ...(cond.gte ? { gte: cond.gte } : {}),
            ...(cond.lte ? { lte: cond.lte } : {}),
          }
        }
        if (cond.isPublic) where.isPublic = cond.isPublic
        if (cond.types) where.type = { in: cond.types }
        const found = await table.list({
          where,
          orderBy: order.map(({ column, desc }) => ({ [column]: desc ? 'desc' : 'asc' })),
          limit,
          offset,
        })
        const expected = ranked
          .filter(
            (row) =>
              (!cond.gte || row.createdAt >= cond.gte) &&
              (!cond.lte || row.createdAt <= cond.lte) &&
              (!cond.isPublic || row.isPublic === cond.isPublic) &&
              (!cond.types || cond.types.includes(row.type)),
          )
          .sort((a, b) => {
            for (const { column, desc } of order) {
              const diff = a[column] < b[column] ? -1 : a[column] > b[column] ? 1 : 0
              if (diff) return desc ? -diff : diff
            }
            return 0
          })
          .slice(offset ?? 0, limit === undefined ? undefined : (offset ?? 0) + limit)
        expect(found.map((row) => row.title)).toEqual(expected.map((row) => row.title))
      },
    ),
    { numRuns: 100 },
  )
})
