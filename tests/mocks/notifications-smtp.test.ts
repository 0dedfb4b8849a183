import { once } from 'node:events'
import { type AddressInfo, createServer, type Server } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestPlatform, TEST_ORIGIN, type TestPlatform } from '../support/test-platform'

// With SMTP_URL set, the platform delivers over SMTP (nodemailer) and records the outcome.
// The mail server is a tiny SMTP sink on a local port: real protocol, nothing leaves.

interface Received {
  from: string
  to: string[]
  data: string
}

/** Speaks just enough SMTP (RFC 5321) to accept mail; refuses recipients at refuse.test. */
function startSmtpSink() {
  const received: Received[] = []
  const server = createServer((socket) => {
    socket.setEncoding('utf8')
    let buffer = ''
    let inData = false
    let current: Received = { from: '', to: [], data: '' }
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 sink.test ESMTP ready')
    socket.on('data', (chunk: string) => {
      buffer += chunk
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end === -1) return
          current.data = buffer.slice(0, end)
          buffer = buffer.slice(end + 5)
          inData = false
          received.push(current)
          current = { from: '', to: [], data: '' }
          reply('250 2.0.0 queued')
          continue
        }
        const newline = buffer.indexOf('\r\n')
        if (newline === -1) return
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') reply('250 sink.test')
        else if (verb === 'MAIL') {
          current.from = /<(.*)>/.exec(line)?.[1] ?? ''
          reply('250 2.1.0 ok')
        } else if (verb === 'RCPT') {
          const address = /<(.*)>/.exec(line)?.[1] ?? ''
          if (address.endsWith('@refuse.test')) reply('550 5.1.1 no such user')
          else {
            current.to.push(address)
            reply('250 2.1.5 ok')
          }
        } else if (verb === 'DATA') {
          inData = true
          reply('354 end with <CRLF>.<CRLF>')
        } else if (verb === 'RSET') {
          current = { from: '', to: [], data: '' }
          reply('250 ok')
        } else if (verb === 'QUIT') {
          reply('221 bye')
          socket.end()
        } else reply('250 ok')
      }
    })
  })
  return { server, received }
}

let sink: { server: Server; received: Received[] }
let platform: TestPlatform
let token: string
const NOTIFY = `${TEST_ORIGIN}/api/notifications/prompt-chat`

const send = (body: unknown) =>
  platform.platform.fetch(
    new Request(`${NOTIFY}/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }),
  )

async function lastOutboxEntry() {
  const res = await platform.platform.fetch(
    new Request(`${NOTIFY}/outbox?limit=1`, { headers: { Authorization: `Bearer ${token}` } }),
  )
  return ((await res.json()) as { messages: Record<string, unknown>[] }).messages[0]!
}

beforeAll(async () => {
  sink = startSmtpSink()
  sink.server.listen(0, '127.0.0.1')
  await once(sink.server, 'listening')
  const { port } = sink.server.address() as AddressInfo
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`
  try {
    platform = await createTestPlatform()
  } finally {
    delete process.env.SMTP_URL
  }
  token = (await platform.signUp('smtp-sender@example.com')).access_token
})
afterAll(async () => {
  await platform.close()
  sink.server.close()
})

test('a message is delivered over SMTP and the outbox records it as sent', async () => {
  const res = await send({
    to: 'Ann <ann@example.com>',
    bcc: ['hidden@example.com'],
    subject: 'Over the wire',
    text: 'Plain words',
    html: '<p>Plain words</p>',
  })
  expect(res.status).toBe(200)
  const { success, messageId } = (await res.json()) as { success: boolean; messageId: string }
  expect(success).toBe(true)

  const mail = sink.received.at(-1)!
  // The envelope sender is the platform's own address; bcc is an envelope recipient only.
  expect(mail.from).toBe('no-reply@prompt-chat.localhost')
  expect(mail.to).toEqual(['ann@example.com', 'hidden@example.com'])
  expect(mail.data).toContain('Subject: Over the wire')
  expect(mail.data).toContain('To: Ann <ann@example.com>')
  expect(mail.data).not.toMatch(/^Bcc:/m)
  expect(mail.data).toContain(`Message-ID: <${messageId}@prompt-chat.localhost>`)
  expect(mail.data).toContain('Plain words')

  const entry = await lastOutboxEntry()
  expect(entry).toMatchObject({ id: messageId, status: 'sent', deliveryError: null })
  expect(entry.deliveredAt).toEqual(expect.any(String))
})

test('a refused delivery is a 502 and the outbox keeps the failure', async () => {
  const res = await send({ to: 'ghost@refuse.test', subject: 'Nobody home', text: 'x' })
  expect(res.status).toBe(502)
  const { error } = (await res.json()) as {
    error: { message: string; details: { messageId: string } }
  }
  expect(error.message).toBe('Email delivery failed')
  const entry = await lastOutboxEntry()
  expect(entry).toMatchObject({ id: error.details.messageId, status: 'failed', deliveredAt: null })
  expect(entry.deliveryError).toMatch(/550/)
})
