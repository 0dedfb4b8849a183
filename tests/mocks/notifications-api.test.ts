import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestPlatform, TEST_ORIGIN, type TestPlatform } from '../support/test-platform'

// The e-mail area of the mock platform without SMTP: the outbox is the delivery.
let platform: TestPlatform
let alice: { token: string }
let bob: { token: string }
let clock = Date.parse('2026-05-01T10:00:00Z')

const NOTIFY = `${TEST_ORIGIN}/api/notifications/prompt-chat`
const REQUIRED = 'The to, subject, and either html or text fields are required.'

const bearer = (who: { token: string } | null): Record<string, string> =>
  who ? { Authorization: `Bearer ${who.token}` } : {}

function send(who: { token: string } | null, body: unknown) {
  return platform.platform.fetch(
    new Request(`${NOTIFY}/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...bearer(who) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  )
}

async function outbox(who: { token: string } | null, query = '') {
  const res = await platform.platform.fetch(
    new Request(`${NOTIFY}/outbox${query}`, { headers: bearer(who) }),
  )
  return { status: res.status, body: (await res.json()) as { messages: Record<string, unknown>[] } }
}

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { message: string } }).error

beforeAll(async () => {
  delete process.env.SMTP_URL
  platform = await createTestPlatform({ now: () => new Date(clock) })
  alice = { token: (await platform.signUp('alice-mail@example.com')).access_token }
  bob = { token: (await platform.signUp('bob-mail@example.com')).access_token }
})
afterAll(() => platform.close())

describe('POST /email', () => {
  test('keeps the message in the sender’s outbox and answers success with its id', async () => {
    const res = await send(alice, {
      to: ['Ann <ann@example.com>', 'bo@example.org'],
      subject: 'Hello',
      html: '<p>Hi</p>',
      text: 'Hi',
      cc: 'carl@example.com',
      reply_to: 'alice-mail@example.com',
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { success: boolean; messageId: string }
    expect(body.success).toBe(true)
    expect(body.messageId).toMatch(/^email_[0-9a-f]{32}$/)
    const { body: listed } = await outbox(alice)
    expect(listed.messages[0]).toEqual({
      id: body.messageId,
      from: 'no-reply@prompt-chat.localhost',
      to: ['Ann <ann@example.com>', 'bo@example.org'],
      cc: ['carl@example.com'],
      bcc: [],
      replyTo: 'alice-mail@example.com',
      subject: 'Hello',
      html: '<p>Hi</p>',
      text: 'Hi',
      status: 'stored',
      deliveryError: null,
      createdAt: '2026-05-01T10:00:00.000Z',
      deliveredAt: '2026-05-01T10:00:00.000Z',
    })
  })

  test.each([
    ['no to', { subject: 's', text: 't' }],
    ['an empty to list', { to: [], subject: 's', text: 't' }],
    ['a blank to', { to: ' ', subject: 's', text: 't' }],
    ['no subject', { to: 'a@example.com', text: 't' }],
    ['neither html nor text', { to: 'a@example.com', subject: 's' }],
    ['an empty html and text', { to: 'a@example.com', subject: 's', html: '', text: '' }],
    ['not an object', ['a@example.com']],
  ])('%s is a 400 with the spec message', async (_label, body) => {
    const res = await send(alice, body)
    expect(res.status).toBe(400)
    expect((await errorOf(res)).message).toBe(REQUIRED)
  })

  test.each([
    ['to', { to: 'not-an-address' }, 'Invalid email address in to: not-an-address'],
    ['cc', { cc: ['ok@example.com', 'a@b@c'] }, 'Invalid email address in cc: a@b@c'],
    [
      'a list in one string',
      { to: 'a@example.com, b@example.com' },
      /^Invalid email address in to/,
    ],
    ['a header injection', { to: 'a@example.com\r\nBcc: x@evil.test' }, /^Invalid email address/],
    ['from', { from: 'nobody' }, 'Invalid email address in from: nobody'],
    ['a list in a list', { bcc: [['a@example.com']] }, 'Invalid email address in bcc: a list'],
    [
      'an object',
      { reply_to: { address: 'a@example.com' } },
      'Invalid email address in replyTo: an object',
    ],
  ])('a bad address in %s is a 400', async (_label, fields, message) => {
    const res = await send(alice, { to: 'a@example.com', subject: 's', text: 't', ...fields })
    expect(res.status).toBe(400)
    expect((await errorOf(res)).message).toMatch(message)
  })

  test('a subject with a line break is a 400 (no header injection)', async () => {
    const res = await send(alice, {
      to: 'a@example.com',
      subject: 'Hi\nBcc: x@evil.test',
      text: 't',
    })
    expect(res.status).toBe(400)
  })

  // Every field is kept in the outbox (text and jsonb columns): what PostgreSQL would refuse is
  // a 400 that names the field, and nothing is stored.
  test.each([
    ['subject', { subject: 'Hi\u0000there' }, 'subject must not contain NUL characters'],
    ['text', { text: 'body\u0000' }, 'text must not contain NUL characters'],
    ['html', { html: '<p>\u0000</p>' }, 'html must not contain NUL characters'],
    [
      'a display name in to',
      { to: ['ok@example.com', 'Ann\u0000 <ann@example.com>'] },
      'to[1] must not contain NUL characters',
    ],
    ['reply_to', { reply_to: 'a\u0000@example.com' }, 'replyTo[0] must not contain NUL characters'],
    [
      'a lone surrogate in cc',
      { cc: 'Bo\ud800 <bo@example.com>' },
      'cc[0] must not contain unpaired UTF-16 surrogates',
    ],
    [
      'a lone surrogate in subject',
      { subject: 'Hi \udc00' },
      'subject must not contain unpaired UTF-16 surrogates',
    ],
  ])('%s that the database would refuse is a 400', async (_label, fields, message) => {
    const before = (await outbox(alice)).body.messages.length
    const res = await send(alice, {
      to: 'a@example.com',
      subject: 'refused',
      text: 't',
      ...fields,
    })
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toEqual({ code: 'VALIDATION_ERROR', message })
    expect((await outbox(alice)).body.messages).toHaveLength(before)
  })

  test('malformed JSON is a 400', async () => {
    const res = await send(alice, '{"to": ')
    expect(res.status).toBe(400)
    expect((await errorOf(res)).message).toBe('The request body is not valid JSON')
  })

  test('an anonymous caller is a 401 and nothing is stored', async () => {
    const res = await send(null, { to: 'a@example.com', subject: 's', text: 't' })
    expect(res.status).toBe(401)
    expect((await errorOf(res)).message).toBe('Sign in to use e-mail')
  })

  test('another project id is a 404', async () => {
    const res = await platform.platform.fetch(
      new Request(`${TEST_ORIGIN}/api/notifications/elsewhere/email`, { method: 'POST' }),
    )
    expect(res.status).toBe(404)
  })
})

describe('GET /outbox', () => {
  test('lists the caller’s own messages, newest first, and nobody else’s', async () => {
    for (const subject of ['first', 'second', 'third']) {
      clock += 1000
      await send(bob, { to: 'x@example.com', subject, text: subject })
    }
    clock += 1000
    // Same instant twice: the order still follows sending.
    await send(bob, { to: 'x@example.com', subject: 'fourth', text: '4' })
    await send(bob, { to: 'x@example.com', subject: 'fifth', text: '5' })
    const { body } = await outbox(bob)
    expect(body.messages.map((m) => m.subject)).toEqual([
      'fifth',
      'fourth',
      'third',
      'second',
      'first',
    ])
    const { body: alices } = await outbox(alice)
    expect(alices.messages.every((m) => m.subject !== 'first')).toBe(true)
    expect((await outbox(bob, '?limit=2')).body.messages).toHaveLength(2)
  })

  test('a bad limit is a 400; signed out is a 401', async () => {
    expect((await outbox(bob, '?limit=0')).status).toBe(400)
    expect((await outbox(bob, '?limit=abc')).status).toBe(400)
    expect((await outbox(null)).status).toBe(401)
  })
})
