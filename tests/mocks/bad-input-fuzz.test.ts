import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRealtimeHub } from '../../mocks/platform/realtime/realtime-hub'
import type { TokenSet } from '../../src/platform/types'
import { fakeDns } from '../support/fake-dns'
import { postAuthForm } from '../support/sign-up'
import { createTestPlatform, TEST_ORIGIN, type TestPlatform } from '../support/test-platform'

// Seeded, bounded fuzz of every JSON API of the mock platform: NUL characters, lone
// surrogates, huge numbers, dates PostgreSQL cannot hold, wrong types and nested garbage, in
// every field and as whole bodies. Whatever a caller sends, the answer is never a 5xx.

const SEED = 20_260_501
/** Generated requests per route: about 3 500 requests in all, well under 30 s. */
const RUNS = 100

// ---------------------------------------------------------------------------- bad values

/** One UTF-16 code unit, lone surrogates and NUL included (fc's own units leave those out). */
const codeUnit = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom('\u0000', '\ud800', '\udfff', '\ud83d', '\u0001', '\u202e'),
  },
  { weight: 3, arbitrary: fc.constantFrom('\r', '\n', '\\', '"', "'", '%', '/', '.', ' ') },
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) },
  { weight: 4, arbitrary: fc.constantFrom(...'abcxyz0129-_:@') },
)
const junkText = fc.string({ unit: codeUnit, maxLength: 16 })

/** Dates outside timestamptz or JS, impossible days, and words PostgreSQL reads as dates. */
const BAD_DATES = [
  '+300000-01-01T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '+200000-06-01T00:00:00Z',
  '-004713-01-01T00:00:00Z',
  '-271821-04-20T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '0000-12-31T23:59:59+01:00',
  '9999-12-31T23:59:59-01:00',
  '10000-01-01',
  '2026-02-30',
  '2026-13-01T25:61:61Z',
  '-infinity',
  'infinity',
  'epoch',
  'not a date',
  '253402300800000',
  '-62135596800001',
  '99999999999999999999999',
]
const HUGE_NUMBERS = [
  1e308,
  -1e308,
  2 ** 53 + 2,
  -(2 ** 63),
  2 ** 31,
  2 ** 64,
  -1,
  0,
  0.5,
  5e-324,
  123456789012345680000,
]

const scalar = fc.oneof(
  { weight: 4, arbitrary: junkText },
  { weight: 2, arbitrary: fc.constantFrom(...BAD_DATES) },
  { weight: 2, arbitrary: fc.constantFrom(...HUGE_NUMBERS) },
  // NaN and ±Infinity arrive as null: JSON has no word for them.
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, '', ' ', 'x'.repeat(3000)) },
)

/** Arrays and objects of the above, keys as bad as the values, a few levels deep. */
const nestedGarbage: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthSize: 'small' },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(junkText, tie('value'), { maxKeys: 3 }),
  ),
})).value

const fieldValue = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: nestedGarbage },
)

/**
 * Stands for a value nested 20 000 deep, spliced into the JSON text (see `jsonRoute`): such a
 * body parses, but overflows the stack of JSON.stringify or String.
 */
const DEEP = '<nested 20 000 deep>'
const DEEP_JSON = `${'['.repeat(20_000)}${']'.repeat(20_000)}`
/** Bare, and inside an object (for fields that must be objects). */
const DEEP_VALUES = [DEEP, { nested: DEEP }]

/** Bodies that are not what any route wants, JSON or not. */
const rawBodies = fc.oneof(
  nestedGarbage.map((value) => JSON.stringify(value) ?? 'null'),
  fc.constantFrom('', '{', 'null', '[]', '"\\u0000"', '{"a":1}x', '\u0000', '{"a":"\\ud800"}'),
  // Deep enough to overflow JSON.stringify.
  fc.constant(`{"a":${DEEP_JSON}}`),
)

/** A string of any of the above, for query strings and form fields. */
const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

// ---------------------------------------------------------------------------- the routes

type Fill = Record<string, unknown>

interface Route {
  name: string
  /** The fields the fuzz replaces; a fill holds any subset of them. */
  fields: readonly string[]
  /** The request with those fields filled (the rest valid). */
  send: (fill: Fill) => Promise<Response>
  /** The request with a whole raw body, for routes that read JSON. */
  sendRaw?: (body: string) => Promise<Response>
  /** The status of the valid request, when it cannot be a success (default: any 2xx). */
  expected?: number
}

interface RouteOptions {
  anonymous?: boolean
  expected?: number
  /** How a query parameter is written (default: the value as text). */
  format?: (field: string, value: unknown) => string
}

let test: TestPlatform
let user: TokenSet
let userId: string

const call = (
  method: string,
  path: string,
  init: { body?: BodyInit; token?: string | null } = {},
) =>
  test.platform.fetch(
    new Request(`${TEST_ORIGIN}${path}`, {
      method,
      body: init.body,
      headers: {
        ...(typeof init.body === 'string' ? { 'Content-Type': 'application/json' } : {}),
        ...(init.token === null
          ? {}
          : { Authorization: `Bearer ${init.token ?? user.access_token}` }),
      },
    }),
  )

/** A route taking a JSON body: `shape` places the filled fields into the body. */
function jsonRoute(
  name: string,
  method: string,
  path: string,
  fields: readonly string[],
  shape: (fill: Fill) => unknown,
  options: RouteOptions = {},
): Route {
  const send = (body: string) =>
    call(method, path, { body, token: options.anonymous ? null : undefined })
  return {
    name,
    fields,
    // Spliced as text: JSON.stringify itself would overflow on such a value.
    send: (fill) => send(JSON.stringify(shape(fill)).replaceAll(JSON.stringify(DEEP), DEEP_JSON)),
    sendRaw: send,
    expected: options.expected,
  }
}

/** A route taking a query string: the filled fields become parameters. */
function queryRoute(
  name: string,
  method: string,
  path: string,
  fields: readonly string[],
  base: Record<string, string>,
  options: RouteOptions = {},
): Route {
  const format = options.format ?? ((_, value) => asText(value))
  return {
    name,
    fields,
    expected: options.expected,
    send: (fill) => {
      const params = new URLSearchParams(base)
      for (const [field, value] of Object.entries(fill)) params.set(field, format(field, value))
      return call(method, `${path}?${params}`)
    },
  }
}

const P = 'prompt-chat'
const FILTERS = ['eq', 'gt', 'lte', 'like', 'ilike', 'in', 'is', 'neq', 'not.eq']

/** A filter with an operator picked by the value (deterministic), or the value as text. */
const filterOrText = (field: string, value: unknown) =>
  ['created_at', 'id', 'content', 'role'].includes(field)
    ? `${FILTERS[asText(value).length % FILTERS.length]}.${asText(value)}`
    : asText(value)

/** The valid body (read when sent: it may hold the user's id) with the filled fields over it. */
const merge = (base: () => Fill) => (fill: Fill) => ({ ...base(), ...fill })

const event = (fill: Fill) => ({
  type: 'page_view',
  timestamp: '2026-05-01T12:00:00.000Z',
  session_id: 'sess_fuzz',
  pathname: '/',
  screen_width: 1280,
  ...fill,
})

/** The routes of every JSON API but auth and a caller's SQL, each with its fuzzed fields. */
function platformRoutes(): Route[] {
  const db = `/api/db/${P}`
  const rest = `${db}/rest/v1`
  return [
    // The table API
    jsonRoute(
      'rest: insert a chat message',
      'POST',
      `${rest}/chat_messages`,
      ['content', 'model_id', 'role', 'created_at', 'system_prompt_id', 'id', 'no_such_column'],
      (fill) => ({ user_id: userId, model_id: 'm', role: 'user', content: 'hi', ...fill }),
    ),
    jsonRoute(
      'rest: insert many prompts',
      'POST',
      `${rest}/prompts`,
      ['title', 'content', 'type', 'is_public', 'created_at', 'updated_at'],
      (fill) => [
        { user_id: userId, title: 't', content: 'c', type: 'user' },
        { user_id: userId, title: 't2', content: 'c2', type: 'user', ...fill },
      ],
    ),
    jsonRoute(
      'rest: update prompts',
      'PATCH',
      `${rest}/prompts?title=eq.t`,
      ['title', 'content', 'is_active', 'updated_at'],
      merge(() => ({ content: 'edited' })),
    ),
    jsonRoute(
      'rest: insert an API key',
      'POST',
      `${rest}/user_api_keys`,
      ['provider', 'api_key_encrypted', 'updated_at'],
      merge(() => ({ user_id: userId, provider: 'openai', api_key_encrypted: 'c2stZnV6eg==' })),
    ),
    jsonRoute(
      'rest: rate a prompt',
      'POST',
      `${rest}/prompt_ratings`,
      ['prompt_id', 'rating'],
      merge(() => ({ user_id: userId, prompt_id: 'p1', rating: '5' })),
    ),
    queryRoute(
      'rest: read with filters',
      'GET',
      `${rest}/chat_messages`,
      ['created_at', 'id', 'content', 'role', 'order', 'limit', 'offset', 'select', 'cursor'],
      { order: 'created_at.desc', limit: '5' },
      { format: filterOrText },
    ),
    queryRoute(
      'rest: delete with a filter',
      'DELETE',
      `${rest}/quick_prompts`,
      ['id', 'created_at'],
      { id: 'eq.none' },
      { format: (_, value) => `eq.${asText(value)}` },
    ),
    // Storage
    {
      name: 'storage: upload',
      fields: ['path', 'upsert', 'name', 'type'],
      send: (fill) => {
        const form = new FormData()
        const name = 'name' in fill ? asText(fill.name) : 'a.txt'
        const type = 'type' in fill ? asText(fill.type) : 'text/plain'
        form.append('file', new File(['hello'], name, { type }))
        form.append('path', 'path' in fill ? `${userId}/${asText(fill.path)}` : `${userId}/a.txt`)
        form.append('upsert', 'upsert' in fill ? asText(fill.upsert) : 'true')
        return call('POST', `/api/storage/${P}/upload`, { body: form })
      },
    },
    queryRoute(
      'storage: download',
      'GET',
      `/api/storage/${P}/download`,
      ['path', 'filename'],
      { path: 'nobody/a.txt' },
      { expected: 404 },
    ),
    jsonRoute('storage: remove', 'DELETE', `/api/storage/${P}/remove`, ['p0', 'paths'], (fill) => ({
      paths: 'paths' in fill ? fill.paths : [`${userId}/${'p0' in fill ? asText(fill.p0) : 'x'}`],
    })),
    // AI
    jsonRoute(
      'ai: text',
      'POST',
      `/api/ai/${P}/text`,
      ['prompt', 'messages', 'model', 'max_tokens', 'temperature', 'stream', 'search', 'max_steps'],
      merge(() => ({ prompt: 'hello' })),
    ),
    jsonRoute(
      'ai: text with messages',
      'POST',
      `/api/ai/${P}/text`,
      ['role', 'content', 'stream'],
      (fill) => ({
        stream: 'stream' in fill ? fill.stream : true,
        messages: [{ role: 'user', content: 'hi', ...fill }],
      }),
    ),
    jsonRoute(
      'ai: object',
      'POST',
      `/api/ai/${P}/object`,
      ['prompt', 'schema', 'output', 'enum', 'model'],
      merge(() => ({
        prompt: 'a',
        schema: { type: 'object', properties: { a: { type: 'string' } } },
      })),
    ),
    jsonRoute(
      'ai: image',
      'POST',
      `/api/ai/${P}/image`,
      ['prompt', 'size', 'n', 'quality', 'background', 'images', 'response_format'],
      merge(() => ({ prompt: 'a cat', size: '256x256' })),
    ),
    jsonRoute(
      'ai: speech',
      'POST',
      `/api/ai/${P}/speech`,
      ['text', 'voice', 'response_format', 'speed', 'model'],
      merge(() => ({ text: 'hello there', response_format: 'pcm' })),
    ),
    jsonRoute(
      'ai: transcribe',
      'POST',
      `/api/ai/${P}/transcribe`,
      ['audio', 'language', 'response_format', 'model'],
      merge(() => ({ audio: 'AAAA' })),
    ),
    // Data (names resolve through a fake DNS: nothing leaves the machine)
    jsonRoute(
      'data: search',
      'POST',
      `/api/data/${P}/search`,
      ['q', 'location', 'hl', 'tbm', 'num'],
      merge(() => ({ q: 'pglite' })),
    ),
    jsonRoute(
      'data: fetch',
      'POST',
      `/api/data/${P}/fetch`,
      ['url', 'method', 'headers', 'body', 'async'],
      merge(() => ({ url: 'https://example.com/', method: 'POST', body: { a: 1 } })),
    ),
    jsonRoute(
      'data: scrape',
      'POST',
      `/api/data/${P}/scrape`,
      ['url', 'formats'],
      merge(() => ({ url: 'https://example.com/', formats: ['markdown'] })),
    ),
    jsonRoute(
      'data: extract from a URL',
      'POST',
      `/api/data/${P}/extract-from-url`,
      ['url', 'chunking', 'chunkSize', 'chunk_size'],
      merge(() => ({ url: 'https://example.com/' })),
    ),
    jsonRoute(
      'data: screenshot',
      'POST',
      `/api/data/${P}/screenshot`,
      ['url', 'fullPage', 'width', 'height'],
      merge(() => ({ url: 'https://example.com/', width: 100, height: 100 })),
    ),
    // Realtime
    jsonRoute(
      'realtime: publish',
      'POST',
      `/api/realtime/${P}/publish`,
      ['channel', 'type', 'data', 'metadata'],
      merge(() => ({ channel: 'fuzz', type: 'chat', data: { text: 'hi' } })),
    ),
    queryRoute(
      'realtime: history',
      'GET',
      `/api/realtime/${P}/messages`,
      ['channel', 'limit', 'start', 'end'],
      { channel: 'fuzz' },
    ),
    queryRoute('realtime: presence', 'GET', `/api/realtime/${P}/presence`, ['channel'], {
      channel: 'fuzz',
    }),
    // Notifications
    jsonRoute(
      'notifications: email',
      'POST',
      `/api/notifications/${P}/email`,
      ['to', 'cc', 'bcc', 'from', 'reply_to', 'replyTo', 'subject', 'html', 'text'],
      merge(() => ({ to: 'a@example.com', subject: 'Hi', text: 'Hello' })),
    ),
    queryRoute('notifications: outbox', 'GET', `/api/notifications/${P}/outbox`, ['limit'], {}),
    // Analytics, signed in and anonymous
    jsonRoute(
      'analytics: log',
      'POST',
      `/api/analytics/${P}/log`,
      ['type', 'timestamp', 'user_id', 'session_id', 'screen_width', 'project_id', 'custom'],
      (fill) => ({ events: [event({}), event(fill)] }),
    ),
    jsonRoute(
      'analytics: log anonymously',
      'POST',
      `/api/analytics/${P}/log`,
      ['type', 'timestamp', 'pathname', 'referrer', 'events'],
      (fill) => ('events' in fill ? { events: fill.events } : { events: [event(fill)] }),
      { anonymous: true },
    ),
  ]
}

/** A caller's own SQL: parameters of every type the fuzz makes, and whole statements. */
function sqlRoutes(): Route[] {
  const db = `/api/db/${P}`
  const sqlRoute = (name: string, query: string, params: unknown[]) =>
    jsonRoute(name, 'POST', `${db}/sql`, ['query', 'p0', 'p1', 'params'], (fill) => ({
      query: 'query' in fill ? fill.query : query,
      params:
        'params' in fill
          ? fill.params
          : params.map((param, index) => (`p${index}` in fill ? fill[`p${index}`] : param)),
    }))
  return [
    sqlRoute('sql: a timestamptz parameter', 'select $1::timestamptz as at', ['2026-01-01']),
    sqlRoute('sql: a text parameter', 'select $1::text as t, length($2) as n', ['a', 'b']),
    sqlRoute('sql: a jsonb parameter', 'select $1::jsonb as j, $2::int as i', ['{}', 1]),
    sqlRoute(
      'sql: an insert',
      `insert into chat_messages (user_id, model_id, role, content, created_at)
       values (auth_uid(), 'm', 'user', $1, $2) returning id`,
      ['hi', '2026-01-01T00:00:00Z'],
    ),
    jsonRoute('batch', 'POST', `${db}/batch`, ['mode', 'p0', 'query', 'statements'], (fill) => ({
      mode: 'mode' in fill ? fill.mode : 'write',
      statements:
        'statements' in fill
          ? fill.statements
          : [
              { query: 'select 1 as one', params: [] },
              {
                query: 'query' in fill ? fill.query : 'select $1::timestamptz as at',
                params: ['p0' in fill ? fill.p0 : '2026-01-01'],
              },
            ],
    })),
  ]
}

/** The auth host's JSON API and the hosted page's forms, kept apart: another change hardens them. */
function authRoutes(): Route[] {
  const form = (mode: 'sign-in' | 'sign-up', base: Record<string, string>): Route => ({
    name: `auth: ${mode} form`,
    fields: Object.keys(base),
    // Back to the app with a code.
    expected: 303,
    send: (fill) =>
      postAuthForm(
        test.platform.fetch,
        TEST_ORIGIN,
        mode,
        Object.fromEntries(Object.entries({ ...base, ...fill }).map(([k, v]) => [k, asText(v)])),
      ),
  })
  return [
    jsonRoute(
      'auth: update me',
      'PATCH',
      '/api/auth/me',
      ['display_name', 'displayName'],
      merge(() => ({ display_name: 'Fuzz' })),
    ),
    jsonRoute(
      'auth: token',
      'POST',
      '/api/auth/token',
      ['code'],
      merge(() => ({ code: 'nope' })),
      { expected: 400 },
    ),
    jsonRoute(
      'auth: refresh',
      'POST',
      '/api/auth/refresh',
      ['refresh_token'],
      merge(() => ({ refresh_token: 'nope' })),
      { expected: 401 },
    ),
    jsonRoute(
      'auth: logout',
      'POST',
      '/api/auth/logout',
      ['refresh_token'],
      merge(() => ({ refresh_token: 'nope' })),
    ),
    form('sign-in', { email: 'fuzz@example.com', password: 'password-123' }),
    form('sign-up', { email: 'new@example.com', password: 'password-123', display_name: 'N' }),
  ]
}

// ---------------------------------------------------------------------------- the property

type Mutation = { fill: Fill } | { raw: string }

/** Mostly one bad field in an otherwise valid request (so it gets past the first check). */
function mutations(route: Route): fc.Arbitrary<Mutation> {
  const one = fc
    .record({ field: fc.constantFrom(...route.fields), value: fieldValue })
    .map(({ field, value }) => ({ fill: { [field]: value } }))
  const several = fc
    .record(Object.fromEntries(route.fields.map((field) => [field, fieldValue])), {
      requiredKeys: [],
    })
    .map((fill) => ({ fill }))
  const raw = rawBodies.map((body) => ({ raw: body }))
  return route.sendRaw
    ? fc.oneof(
        { weight: 6, arbitrary: one },
        { weight: 2, arbitrary: several },
        { weight: 1, arbitrary: raw },
      )
    : fc.oneof({ weight: 3, arbitrary: one }, { weight: 1, arbitrary: several })
}

/** Sends one mutation; throws (so fast-check reports it) on any 5xx, with what was sent. */
async function expectNo5xx(route: Route, mutation: Mutation): Promise<void> {
  const res =
    'raw' in mutation ? await route.sendRaw!(mutation.raw) : await route.send(mutation.fill)
  // Read to the end: a streamed answer fails only while it is read.
  const body = await res.text()
  if (res.status >= 500) {
    throw new Error(`${route.name} answered ${res.status}: ${body.slice(0, 300)}`)
  }
}

/**
 * One test per route: its valid request gets its usual answer (else the fuzz could be knocking
 * on a 404 or a 401 all along), then no generated request gets a 5xx.
 */
function fuzz(routes: readonly Route[]) {
  it.each(routes.map((route) => [route.name, route] as const))('%s', async (_, route) => {
    const res = await route.send({})
    const answer = `${res.status} ${(await res.text()).slice(0, 300)}`
    if (route.expected) expect(answer).toMatch(new RegExp(`^${route.expected} `))
    else expect(answer).toMatch(/^2\d\d /)
    await fc.assert(
      fc.asyncProperty(mutations(route), (mutation) => expectNo5xx(route, mutation)),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    )
  })
}

/** Every field of every JSON route in turn nested 20 000 deep: one test per route. */
function deepFields(routes: readonly Route[]) {
  const json = routes.filter((route) => route.sendRaw)
  it.each(json.map((route) => [route.name, route] as const))('%s', async (_, route) => {
    const failed: string[] = []
    for (const field of route.fields) {
      for (const value of DEEP_VALUES) {
        const res = await route.send({ [field]: value })
        const body = await res.text()
        if (res.status >= 500) failed.push(`${field}: ${res.status} ${body.slice(0, 100)}`)
      }
    }
    expect(failed).toEqual([])
  })
}

beforeAll(async () => {
  test = await createTestPlatform({
    now: () => new Date('2026-05-01T12:00:00Z'),
    lookupHost: fakeDns({ 'example.com': ['93.184.215.14'] }),
  })
  user = await test.signUp('fuzz@example.com')
  userId = JSON.parse(Buffer.from(user.access_token.split('.')[1]!, 'base64url').toString()).sub
})
afterAll(() => test.close())

/** A socket frame: a publish, subscribe or unsubscribe with `fill` over a valid payload. */
const frameOf = (type: string, fill: Fill) =>
  JSON.stringify({ type, payload: { channel: 'fuzz', type: 'chat', data: 1, ...fill } }).replaceAll(
    JSON.stringify(DEEP),
    DEEP_JSON,
  )
const FRAME_TYPES = ['publish', 'subscribe', 'unsubscribe'] as const
const FRAME_FIELDS = ['channel', 'type', 'data', 'metadata'] as const

/** Frames with one bad field, garbage payloads and text that is no frame at all. */
const frames = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .record({
        type: fc.constantFrom(...FRAME_TYPES),
        field: fc.constantFrom(...FRAME_FIELDS),
        value: fieldValue,
      })
      .map(({ type, field, value }) => frameOf(type, { [field]: value })),
  },
  {
    weight: 1,
    arbitrary: nestedGarbage.map((payload) => JSON.stringify({ type: 'publish', payload })),
  },
  { weight: 1, arbitrary: rawBodies },
)

/** Every field of every frame type nested 20 000 deep (bare, and inside an object), first. */
const deepFrames = FRAME_TYPES.flatMap((type) =>
  FRAME_FIELDS.flatMap((field) =>
    DEEP_VALUES.map((value): [string] => [frameOf(type, { [field]: value })]),
  ),
)

/**
 * A signed-in socket of a hub over the platform's store, recording the frames it is sent.
 * Presence goes out at once, so each subscribe's presence frame is built before the next frame.
 */
function hubSocket() {
  const received: Array<{ type: string }> = []
  let closed = false
  // What the hub logs is its own failure (a refusal is only ever a frame).
  const logged: string[] = []
  const deps = { ...test.platform.deps, log: (line: string) => logged.push(line) }
  const hub = createRealtimeHub(deps, {
    presenceMinIntervalMs: 0,
    presencePerMemberMs: 0,
  })
  const connection = hub.connect(
    {
      send: (text) => received.push(JSON.parse(text)),
      close: () => {
        closed = true
      },
    },
    `/?project_id=${P}&token=${user.access_token}`,
  )
  /** The answers (not fan-out or presence) sent since `from`. */
  const answers = (from: number) =>
    received.slice(from).filter((frame) => frame.type !== 'message' && frame.type !== 'presence')
  return { received, logged, connection, answers, isClosed: () => closed, close: () => hub.close() }
}

describe('bad input to the platform APIs never gets a 5xx', () => {
  fuzz(platformRoutes())
  fuzz(sqlRoutes())

  // Frames are handled in order: a ping after each frame is answered only once it is done.
  it('realtime: every socket frame gets its answer or an error frame, and the socket stays', async () => {
    const socket = hubSocket()
    const ping = JSON.stringify({ type: 'ping', payload: {} })
    await fc.assert(
      fc.asyncProperty(frames, async (frame) => {
        const from = socket.received.length
        socket.connection.receive(frame)
        socket.connection.receive(ping)
        await expect
          .poll(() => socket.answers(from).length, { timeout: 2000, interval: 1 })
          .toBeGreaterThanOrEqual(2)
        expect(socket.answers(from).at(-1)?.type).toBe('pong')
        expect(socket.isClosed()).toBe(false)
        expect(socket.logged).toEqual([])
      }),
      { seed: SEED, numRuns: RUNS * 2, endOnFailure: true, examples: deepFrames },
    )
    socket.close()
  })

  describe('a field nested 20 000 deep', () => deepFields([...platformRoutes(), ...sqlRoutes()]))
})

describe('bad input to the auth API and the hosted forms never gets a 5xx', () => {
  fuzz(authRoutes())
  describe('a field nested 20 000 deep', () => deepFields(authRoutes()))
})
