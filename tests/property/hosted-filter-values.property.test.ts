import { createClient } from '@blinkdotnew/sdk'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { decodeFilterValue, encodeFilterValue } from '../../contract/filter-value'
import type { Filter } from '../../mocks/platform/rest/filter-syntax'
import { parseRequestQuery } from '../../mocks/platform/rest/request-query'
import { RestError } from '../../mocks/platform/rest/rest-error'
import { type Where, whereToParams } from '../../src/platform/db-client'
import { toSearchParams } from '../../src/platform/http-client'
import { createTestPlatform, TEST_ORIGIN, type TestPlatform } from '../support/test-platform'

// Filter values from both SDKs (docs/wire-contract.md, "Filter values"): the hosted SDK
// (@blinkdotnew/sdk 0.17.3, its own code, unmodified) encodes each value twice, ours once; the
// platform reads the same filter from both, and no query string makes it answer a 5xx.

const COLUMNS = new Set(['title', 'content'])
const SCALAR_OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike'] as const
const OPERATOR_WORDS = /^(eq|neq|gt|gte|lt|lte|like|ilike|is|in|not|not_in)(\.|$)/

/** Characters that encodings trip over, beside any Unicode scalar (no lone surrogates). */
const tricky = fc.constantFrom(
  ...['%', '2', '0', 'A', 'a', 'C', 'e', 'F', ' ', '+', '&', '=', ',', '(', ')', '"'],
  ...['\\', '*', '.', '~', "'", '!', '#', '?', '/', 'é', '😀', '\u0000', '\n'],
)
const value = fc.oneof(
  fc.string({ unit: tricky, maxLength: 10 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  // Strings that already look encoded: the ones a single-decoding reading would get wrong.
  fc.string({ unit: tricky, maxLength: 6 }).map((text) => encodeURIComponent(text)),
)

// The hosted SDK's request, captured at its fetch: the URL exactly as it would leave.
const sdk = createClient({ projectId: 'prompt-chat', authRequired: false })
let sent: string[] = []
beforeAll(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    sent.push(url)
    return new Response('[]', { headers: { 'content-type': 'application/json' } })
  })
})
afterAll(() => vi.unstubAllGlobals())

async function hostedQuery(where: Record<string, unknown>): Promise<URLSearchParams> {
  sent = []
  await sdk.db.table('prompts').list({ where } as never)
  expect(sent).toHaveLength(1)
  return new URL(sent[0]!).searchParams
}

function oursQuery(where: Where): URLSearchParams {
  // What our client puts in the address, read back as the server reads it.
  return new URL(`${TEST_ORIGIN}/?${toSearchParams(whereToParams(where))}`).searchParams
}

/** neq and a negated eq are one filter, whichever way a client writes it. */
function normal(filter: Filter | undefined) {
  if (filter?.op === 'eq' && filter.negated) return { ...filter, op: 'neq', negated: false }
  return filter
}
const filterOf = (params: URLSearchParams) =>
  normal(parseRequestQuery(params, 'prompts', COLUMNS).filters[0])

test('the decoding rule reads exactly encodeURIComponent encodings, and each value has one form', () => {
  fc.assert(
    fc.property(value, (text) => {
      // Whatever we mean, our form of it reads back as it.
      expect(decodeFilterValue(encodeFilterValue(text))).toBe(text)
      // What the hosted SDK sends reads back as what it meant.
      expect(decodeFilterValue(encodeURIComponent(text))).toBe(text)
      // A value is decoded only when it is some other string's encoding.
      const decoded = decodeFilterValue(text)
      if (decoded !== text) expect(encodeURIComponent(decoded)).toBe(text)
    }),
    { numRuns: 2000 },
  )
})

test('every operator: our SDK and the hosted SDK send the same filter, and it is the value meant', async () => {
  const operation = fc.oneof(
    fc.record({ op: fc.constantFrom(...SCALAR_OPS), value }),
    fc.record({ op: fc.constant('not' as const), value }),
    fc.record({
      op: fc.constantFrom('in' as const, 'not_in' as const),
      value: fc.array(value, { maxLength: 4 }),
    }),
  )
  await fc.assert(
    fc.asyncProperty(operation, fc.constantFrom('title', 'content'), async (op, column) => {
      if (op.op === 'not' && OPERATOR_WORDS.test(encodeURIComponent(op.value))) {
        // The hosted SDK writes `not.<value>`: a value such as `eq.x` reads as that operator.
        return
      }
      if (Array.isArray(op.value) && op.value.length === 1 && op.value[0] === '') {
        // The hosted SDK writes [''] as `in.()`, the empty list (it never quotes).
        return
      }
      const ours = filterOf(oursQuery({ [column]: { [op.op]: op.value } }))
      const hosted = filterOf(await hostedQuery({ [column]: { [op.op]: op.value } }))
      expect(hosted).toEqual(ours)
      const expected =
        op.op === 'in' || op.op === 'not_in'
          ? { column, op: 'in', negated: op.op === 'not_in', value: op.value }
          : { column, op: op.op === 'not' ? 'neq' : op.op, negated: false, value: op.value }
      expect(ours).toEqual(expected)
    }),
    { numRuns: 1500 },
  )
})

test('plain equality and booleans: the hosted SDK reads the same as ours', async () => {
  await fc.assert(
    fc.asyncProperty(fc.oneof(value, fc.boolean(), fc.integer()), async (v) => {
      const hosted = filterOf(await hostedQuery({ title: v }))
      expect(hosted).toEqual(filterOf(oursQuery({ title: v as string })))
    }),
    { numRuns: 500 },
  )
  // `is` with a boolean: the hosted SDK writes 1/0, which mean true/false.
  expect(filterOf(await hostedQuery({ title: { is: true } }))).toMatchObject({ value: 'true' })
  expect(filterOf(await hostedQuery({ title: { is: false } }))).toMatchObject({ value: 'false' })
  expect(filterOf(await hostedQuery({ title: { is: null } }))).toMatchObject({ value: 'null' })
})

// ------------------------------------------------------------------------ over the platform

let platform: TestPlatform
let token: string
beforeAll(async () => {
  platform = await createTestPlatform()
  token = (await platform.signUp('filter-fuzz@example.com')).access_token
})
afterAll(() => platform.close())

/** Raw query-string text, percent signs and broken escapes included, never re-encoded. */
const rawText = fc
  .array(
    fc.oneof(
      fc.constantFrom('%', '%25', '%2525', '%ZZ', '%E', '%ED%A0%80', '%25ED%25A0%2580'),
      fc.constantFrom('%C0%80', '%FF', '%00', '%2500', '%252', '%2B', '+', '%20', '%2520'),
      fc.constantFrom('(', ')', '%28', '%29', ',', '%2C', '%22', '"', '\\', '.', '*', 'a', 'é'),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''))
const rawExpression = fc.oneof(
  fc
    .tuple(fc.constantFrom(...SCALAR_OPS, 'not', 'not.eq', 'is'), rawText)
    .map(([o, t]) => `${o}.${t}`),
  fc
    .tuple(fc.constantFrom('in', 'not.in', 'not_in'), fc.array(rawText, { maxLength: 3 }))
    .map(([o, items]) => `${o}.(${items.join(',')})`),
  rawText,
)

test('no filter query string, however encoded, gets a 5xx', async () => {
  await fc.assert(
    fc.asyncProperty(rawExpression, fc.constantFrom('title', 'created_at'), async (expr, col) => {
      const res = await platform.platform.fetch(
        new Request(`${TEST_ORIGIN}/api/db/prompt-chat/rest/v1/prompts?${col}=${expr}`, {
          headers: { Authorization: `Bearer ${token}` },
        }),
      )
      expect(res.status, `${col}=${expr}`).toBeLessThan(500)
      if (res.status >= 400) {
        expect(await res.json()).toMatchObject({ code: expect.any(String) })
      }
    }),
    { numRuns: 400 },
  )
})

test('the parser throws nothing but 4xx RestErrors on any decoded value', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (key, text) => {
      try {
        parseRequestQuery(new URLSearchParams([[key, text]]), 'prompts', COLUMNS)
      } catch (error) {
        expect(error).toBeInstanceOf(RestError)
        expect((error as RestError).status).toBeLessThan(500)
      }
    }),
    { numRuns: 1000 },
  )
})
