import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { bodyRows } from '../../mocks/platform/rest/body-columns'
import { RestError } from '../../mocks/platform/rest/rest-error'
import { createTestPlatform, TEST_ORIGIN, type TestPlatform } from '../support/test-platform'

// POST bodies may spell columns in camelCase, as the hosted SDK's upsert sends them
// (docs/wire-contract.md, "Upsert with camelCase keys"): each key names exactly one column, no
// column the caller did not name is written, and no body gets a 5xx.

const PROMPT_COLUMNS = [
  'id',
  'user_id',
  'title',
  'content',
  'type',
  'is_public',
  'is_active',
  'created_at',
  'updated_at',
] as const
const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** A column's name as a caller may write it, or a name that is no column at all. */
const keyName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PROMPT_COLUMNS) },
  { weight: 4, arbitrary: fc.constantFrom(...PROMPT_COLUMNS.map(camel)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'userID',
      'UserId',
      'user-id',
      'user__id',
      '__proto__',
      'constructor',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('isPublic_', 'Title', 'TITLE', 'createdAt ', '') },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
)
const anyValue = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
)
/** JSON as it arrives: built from entries, so `__proto__` is an own key as JSON.parse makes it. */
const record = fc
  .array(fc.tuple(keyName, anyValue), { maxLength: 6 })
  .map((entries) => JSON.parse(JSON.stringify(Object.fromEntries(entries))) as object)

test('each key names exactly one column, which is its own name or its snake_case spelling', () => {
  const columns = new Set<string>(PROMPT_COLUMNS)
  fc.assert(
    fc.property(fc.oneof(record, fc.array(record, { maxLength: 3 })), (body) => {
      let result: ReturnType<typeof bodyRows>
      try {
        result = bodyRows(body, 'prompts', columns, 'insert')
      } catch (error) {
        expect(error).toBeInstanceOf(RestError)
        expect((error as RestError).status).toBe(400)
        return
      }
      const records = (Array.isArray(body) ? body : [body]) as Array<Record<string, unknown>>
      expect(result.rows).toHaveLength(records.length)
      records.forEach((input, i) => {
        const row = result.rows[i]!
        const keys = Object.keys(input)
        // Exactly as many columns as keys: nothing added, nothing dropped, no two in one.
        expect(Object.keys(row)).toHaveLength(keys.length)
        for (const key of keys) {
          const column = columns.has(key) ? key : snake(key)
          expect(columns.has(column), key).toBe(true)
          const sent = input[key]
          expect(row[column]).toEqual(
            sent !== null && typeof sent === 'object' ? JSON.stringify(sent) : sent,
          )
        }
      })
      expect(result.camelCase).toBe(
        records.some((r) => Object.keys(r).some((k) => !columns.has(k))),
      )
    }),
    { numRuns: 3000 },
  )
})

test('PATCH bodies still take exact column names only', () => {
  expect(() => bodyRows({ userId: 'x' }, 'prompts', new Set(PROMPT_COLUMNS), 'update')).toThrow(
    "Could not find the 'userId' column",
  )
})

// ------------------------------------------------------------------------ over the platform

let platform: TestPlatform
let token: string
let userId: string
beforeAll(async () => {
  platform = await createTestPlatform()
  token = (await platform.signUp('camel-fuzz@example.com')).access_token
  const me = await platform.platform.fetch(
    new Request(`${TEST_ORIGIN}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } }),
  )
  userId = ((await me.json()) as { user: { id: string } }).user.id
})
afterAll(() => platform.close())

const rest = (path: string, init: RequestInit & { prefer?: string } = {}) =>
  platform.platform.fetch(
    new Request(`${TEST_ORIGIN}/api/db/prompt-chat/rest/v1/${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        ...(init.prefer ? { Prefer: init.prefer } : {}),
      },
    }),
  )

const PREFERS = [
  'return=representation',
  'return=representation resolution=merge-duplicates',
  'return=representation,resolution=ignore-duplicates',
  '',
]

test('no upsert body, conflict target or Prefer gets a 5xx', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(record, fc.array(record, { maxLength: 3 }), anyValue),
      fc.constantFrom('id', 'userId,title', 'user_id', 'nope', 'ID', 'userId,userId'),
      fc.constantFrom(...PREFERS),
      async (body, onConflict, prefer) => {
        const res = await rest(`prompts?on_conflict=${onConflict}`, {
          method: 'POST',
          body: JSON.stringify(body),
          prefer,
        })
        expect(res.status, JSON.stringify(body)).toBeLessThan(500)
      },
    ),
    { numRuns: 300 },
  )
})

/** Writable columns with values the table accepts, in either spelling. */
const CHANGES = {
  title: fc.string({ maxLength: 8 }).filter((t) => !t.includes('\u0000')),
  content: fc.string({ maxLength: 8 }).filter((t) => !t.includes('\u0000')),
  type: fc.constantFrom('user', 'system'),
  is_public: fc.constantFrom('0', '1'),
  created_at: fc.constantFrom('2026-01-01T00:00:00.000Z', '2026-02-02T00:00:00.000Z'),
  updated_at: fc.constantFrom('2026-03-03T00:00:00.000Z', '2026-04-04T00:00:00.000Z'),
}
type Changeable = keyof typeof CHANGES

test('an upsert writes exactly the columns it names, in either spelling, and answers in its spelling', async () => {
  let n = 0
  await fc.assert(
    fc.asyncProperty(
      // The row an upsert would insert must hold every not-null column without a default
      // (PostgreSQL checks it before it finds the conflict): title, content and type.
      fc.record(CHANGES, { requiredKeys: ['title', 'content', 'type'] }),
      fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
      fc.constantFrom('return=representation', 'return=representation resolution=merge-duplicates'),
      async (changes, camelSpelling, prefer) => {
        const id = `camel-${n++}`
        const base = {
          id,
          user_id: userId,
          title: 'base title',
          content: 'base content',
          type: 'user',
          is_public: '0',
          is_active: '0',
          created_at: '2025-01-01T00:00:00.000Z',
          updated_at: '2025-01-01T00:00:00.000Z',
        }
        expect((await rest('prompts', { method: 'POST', body: JSON.stringify(base) })).status).toBe(
          201,
        )
        // Row-level security checks the row an upsert would insert, so it names its owner.
        const body: Record<string, unknown> = {
          id,
          [camelSpelling[6] ? 'userId' : 'user_id']: userId,
        }
        Object.entries(changes).forEach(([column, value], i) => {
          body[camelSpelling[i] ? camel(column) : column] = value
        })
        const res = await rest('prompts?on_conflict=id', {
          method: 'POST',
          body: JSON.stringify(body),
          prefer,
        })
        expect(res.status).toBe(201)
        const [answer] = (await res.json()) as Array<Record<string, unknown>>
        const spoke = Object.keys(body).some((k) => k !== snake(k))
        // Answered in camelCase exactly when the body used it.
        expect(Object.hasOwn(answer!, spoke ? 'userId' : 'user_id')).toBe(true)

        const [stored] = (await (await rest(`prompts?id=eq.${id}`)).json()) as Array<
          Record<string, string>
        >
        for (const column of Object.keys(base) as Array<keyof typeof base>) {
          const named = column in changes
          const expected = named ? changes[column as Changeable] : base[column]
          if (column.endsWith('_at')) {
            expect(new Date(stored![column]!).toISOString(), column).toBe(expected)
          } else {
            expect(stored![column], column).toBe(expected)
          }
        }
      },
    ),
    { numRuns: 60 },
  )
})
