import { beforeAll, describe, expect, test } from 'vitest'
import { asRequestRole } from '../../mocks/platform/rest/request-role'
import { createTestPlatform, TEST_ORIGIN, type TestPlatform } from '../support/test-platform'

// The analytics log endpoint: validation, anonymous logging, and row-level security.
let clock = new Date('2026-05-01T12:00:00Z')
let platform: TestPlatform
let token: string
let userId: string
beforeAll(async () => {
  platform = await createTestPlatform({ now: () => clock })
  token = (await platform.signUp('analyst@example.com')).access_token
  userId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub
})

const LOG = `${TEST_ORIGIN}/api/analytics/prompt-chat/log`

const log = (body: unknown, bearer: string | null = null) =>
  platform.platform.fetch(
    new Request(LOG, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  )

const event = (overrides: Record<string, unknown> = {}) => ({
  type: 'page_view',
  timestamp: '2026-05-01T11:59:58.000Z',
  project_id: 'prompt-chat',
  user_id: null,
  user_email: null,
  session_id: 'sess_abc',
  pathname: '/',
  referrer: null,
  screen_width: 1280,
  channel: 'Direct',
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_content: null,
  utm_term: null,
  ...overrides,
})

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { message: string } }).error.message
}

async function storedRows(sessionId: string) {
  // As the owner: the serving connection may not read events back (docs/security.md).
  const { rows } = await platform.store.asOwner((tx) =>
    tx.query<{
      type: string
      user_id: string | null
      occurred_at: Date
      received_at: Date
      event: Record<string, unknown>
    }>(
      'select type, user_id, occurred_at, received_at, event from analytics_events where session_id = $1 order by occurred_at',
      [sessionId],
    ),
  )
  return rows
}

describe('POST /api/analytics/{projectId}/log', () => {
  test('an anonymous visitor logs a batch; every field and the custom data are kept', async () => {
    const res = await log({
      events: [
        event({ session_id: 'sess_anon', button: 'sign-in' }),
        event({ session_id: 'sess_anon', type: 'click', timestamp: '2026-05-01T11:59:59.000Z' }),
      ],
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true, count: 2 })
    const rows = await storedRows('sess_anon')
    expect(rows.map((row) => row.type)).toEqual(['page_view', 'click'])
    expect(rows[0]?.user_id).toBeNull()
    expect(rows[0]?.occurred_at.toISOString()).toBe('2026-05-01T11:59:58.000Z')
    // The platform clock stamps arrival, not the visitor's.
    expect(rows[0]?.received_at.toISOString()).toBe(clock.toISOString())
    expect(rows[0]?.event).toMatchObject({
      button: 'sign-in',
      screen_width: 1280,
      channel: 'Direct',
    })
  })

  test('a signed-in user logs as themselves and reads back only their own events', async () => {
    clock = new Date('2026-05-01T12:05:00Z')
    const res = await log({ events: [event({ session_id: 'sess_user', user_id: userId })] }, token)
    expect(await res.json()).toEqual({ success: true, count: 1 })
    const visible = await asRequestRole(
      platform.store,
      {
        role: 'authenticated',
        claims: { sub: userId, email: 'analyst@example.com', role: 'authenticated' },
      },
      (tx) => tx.query<{ session_id: string }>('select session_id from analytics_events'),
    )
    expect(visible.rows.map((row) => row.session_id)).toEqual(['sess_user'])
    // Visitors may write events but never read any back.
    await expect(
      asRequestRole(platform.store, { role: 'anon' }, (tx) =>
        tx.query('select count(*) from analytics_events'),
      ),
    ).rejects.toThrow(/permission denied/)
  })

  test('events may not claim another user', async () => {
    const anonymous = await log({ events: [event({ user_id: userId })] })
    expect(anonymous.status).toBe(403)
    expect(await errorOf(anonymous)).toBe('user_id must be the signed-in user or absent')
    const other = await log({ events: [event({ user_id: 'someone-else' })] }, token)
    expect(other.status).toBe(403)
  })

  test.each([
    ['a body that is not JSON', '{"events": [', 'The body must be JSON'],
    ['events that are not an array', { events: 'page_view' }, 'events must be an array'],
    ['no events key', {}, 'events must be an array'],
    ['an empty batch', { events: [] }, 'events must not be empty'],
    [
      'more than 100 events',
      { events: Array.from({ length: 101 }, () => event()) },
      'At most 100 events per request',
    ],
    [
      'an event without a type',
      { events: [event({ type: '' })] },
      'events[0].type must be a non-empty string',
    ],
    [
      'a bad timestamp',
      { events: [event(), event({ timestamp: 'yesterday' })] },
      'events[1].timestamp must be an ISO date string from the year 1 to 9999',
    ],
    [
      'a number where text belongs',
      { events: [event({ session_id: 42 })] },
      'events[0].session_id must be a string',
    ],
    [
      'another project',
      { events: [event({ project_id: 'other' })] },
      'events[0].project_id does not match this project',
    ],
    [
      'a negative screen width',
      { events: [event({ screen_width: -1 })] },
      'events[0].screen_width must be a non-negative number',
    ],
    ['an event that is not an object', { events: ['page_view'] }, 'events[0] must be an object'],
    [
      'an oversized event',
      { events: [event({ blob: 'x'.repeat(17_000) })] },
      'events[0] is larger than 16 KB',
    ],
  ])('400 for %s', async (_, body, message) => {
    const res = await log(body)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe(message)
  })

  const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : [nested(depth - 1)])

  // What PostgreSQL would refuse is a 400 naming the field (text and jsonb hold no NUL,
  // jsonb no lone surrogate, timestamptz no year outside its range).
  test.each([
    [
      'a NUL in the type',
      event({ type: 'page\u0000view' }),
      'events[0].type must not contain NUL characters',
    ],
    [
      'a NUL in a custom field',
      event({ button: 'sign\u0000in' }),
      'events[0].button must not contain NUL characters',
    ],
    [
      'a NUL in a key',
      event({ 'odd\u0000key': 1 }),
      'events[0] keys must not contain NUL characters',
    ],
    [
      'a lone surrogate deep in custom data',
      event({ meta: { tags: ['ok', '\ud800'] } }),
      'events[0].meta.tags[1] must not contain unpaired UTF-16 surrogates',
    ],
    [
      'custom data nested too deep',
      event({ meta: nested(70) }),
      'events[0] must not be nested more than 64 levels deep',
    ],
    [
      'a timestamp in the year 300000',
      event({ timestamp: '+300000-01-01T00:00:00.000Z' }),
      'events[0].timestamp must be an ISO date string from the year 1 to 9999',
    ],
    [
      'a timestamp before the year 1',
      event({ timestamp: '0000-12-31T23:59:59.000Z' }),
      'events[0].timestamp must be an ISO date string from the year 1 to 9999',
    ],
    [
      'a timestamp of junk',
      event({ timestamp: '-infinity' }),
      'events[0].timestamp must be an ISO date string from the year 1 to 9999',
    ],
    [
      'an epoch number',
      event({ timestamp: 1_777_000_000_000 }),
      'events[0].timestamp must be an ISO date string from the year 1 to 9999',
    ],
  ])('400 for %s', async (_, bad, message) => {
    const res = await log({ events: [bad] })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: { code: 'INVALID_REQUEST', message } })
  })

  test('the first and last days of the range are kept', async () => {
    const res = await log({
      events: [
        event({ session_id: 'sess_range', timestamp: '0001-01-01T00:00:00.000Z' }),
        event({ session_id: 'sess_range', timestamp: '9999-12-31T23:59:59.999Z' }),
      ],
    })
    expect(res.status).toBe(200)
    // As text: the driver reads year 1 back as 2001 (two-digit years), the table holds year 1.
    const { rows } = await platform.store.asOwner((tx) =>
      tx.query<{ at: string }>(
        `select to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
         from analytics_events where session_id = 'sess_range' order by occurred_at`,
      ),
    )
    expect(rows.map((row) => row.at)).toEqual([
      '0001-01-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
    ])
  })

  test('a refused batch stores nothing', async () => {
    await log({ events: [event({ session_id: 'sess_refused' }), event({ type: '' })] })
    expect(await storedRows('sess_refused')).toEqual([])
  })

  test('a bad token is a 401 and an unknown project a 404', async () => {
    expect((await log({ events: [event()] }, 'garbage')).status).toBe(401)
    const res = await platform.platform.fetch(
      new Request(`${TEST_ORIGIN}/api/analytics/other/log`, {
        method: 'POST',
        body: JSON.stringify({ events: [event()] }),
      }),
    )
    expect(res.status).toBe(404)
  })
})
