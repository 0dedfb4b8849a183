import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { mswServer } from '../../../support/msw-server'
import { TEST_ORIGIN } from '../../../support/test-platform'
import { rejectionOf, testClient } from '../ai/client-setup'

const EMAIL_URL = `${TEST_ORIGIN}/api/notifications/prompt-chat/email`
const RULE = 'The to, subject, and either html or text fields are required.'

/** The e-mail endpoint answering `answer`, recording each body it received. */
function emailEndpoint(answer: () => Response) {
  const bodies: unknown[] = []
  mswServer.use(
    http.post(EMAIL_URL, async ({ request }) => {
      bodies.push(await request.json())
      return answer()
    }),
  )
  return bodies
}

describe('sendEmail (docs/product/validation.md, docs/product/calls.md#platform-calls)', () => {
  test('sends to, subject and text, and returns the success and message id', async () => {
    const bodies = emailEndpoint(() => HttpResponse.json({ success: true, message_id: 'mail_1' }))
    const result = await testClient().notifications.sendEmail({
      to: ['a@example.com', 'b@example.com'],
      subject: 'Hello',
      text: 'Body',
      replyTo: 'me@example.com',
    })
    expect(result).toEqual({ success: true, messageId: 'mail_1' })
    expect(bodies).toEqual([
      {
        to: ['a@example.com', 'b@example.com'],
        subject: 'Hello',
        text: 'Body',
        reply_to: 'me@example.com',
      },
    ])
  })

  test.each([
    ['no to', { to: '', subject: 'S', text: 'T' }],
    ['an empty list of recipients', { to: [], subject: 'S', html: '<p>T</p>' }],
    ['a list with a blank recipient', { to: ['a@example.com', ' '], subject: 'S', text: 'T' }],
    ['a blank subject', { to: 'a@example.com', subject: '  ', text: 'T' }],
    ['neither html nor text', { to: 'a@example.com', subject: 'S' }],
  ])('%s is refused before any request, with the exact message', async (_label, params) => {
    const bodies = emailEndpoint(() => HttpResponse.json({ success: true }))
    const error = await rejectionOf(testClient().notifications.sendEmail(params as never))
    expect(error).toMatchObject({ message: RULE, code: 'VALIDATION_ERROR', status: 400 })
    expect(bodies).toEqual([])
  })

  test.each([
    ['no success field', { message_id: 'x' }],
    ['a success that is not a boolean', { success: 'yes' }],
  ])('an answer with %s is an error', async (_label, body) => {
    emailEndpoint(() => HttpResponse.json(body))
    const error = await rejectionOf(
      testClient().notifications.sendEmail({ to: 'a@example.com', subject: 'S', html: '<b>x</b>' }),
    )
    expect(error).toMatchObject({
      message: 'Invalid response format: missing success',
      code: 'NOTIFICATIONS_ERROR',
    })
  })

  test('success: false is passed on as it is', async () => {
    emailEndpoint(() => HttpResponse.json({ success: false }))
    expect(
      await testClient().notifications.sendEmail({ to: 'a@example.com', subject: 'S', text: 'T' }),
    ).toEqual({ success: false, messageId: '' })
  })

  test('a server failure is a notifications error with its status and message', async () => {
    emailEndpoint(() => HttpResponse.json({ error: { message: 'SMTP down' } }, { status: 502 }))
    const error = await rejectionOf(
      testClient().notifications.sendEmail({ to: 'a@example.com', subject: 'S', text: 'T' }),
    )
    expect(error).toMatchObject({ message: 'SMTP down', code: 'NOTIFICATIONS_ERROR', status: 502 })
  })

  test('a refused body (400) stays a validation error; no network is a network error', async () => {
    emailEndpoint(() => HttpResponse.json({ message: 'Bad address' }, { status: 400 }))
    const client = testClient()
    expect(
      await rejectionOf(client.notifications.sendEmail({ to: 'x', subject: 'S', text: 'T' })),
    ).toMatchObject({ message: 'Bad address', code: 'VALIDATION_ERROR', status: 400 })

    mswServer.use(http.post(EMAIL_URL, () => HttpResponse.error()))
    const offline = await rejectionOf(
      client.notifications.sendEmail({ to: 'a@example.com', subject: 'S', text: 'T' }),
    )
    expect(offline).toMatchObject({ code: 'NETWORK_ERROR', status: 0 })
    expect(offline.message).toMatch(/^Network request failed: /)
  })
})
