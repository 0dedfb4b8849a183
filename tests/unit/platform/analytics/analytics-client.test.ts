import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { DISABLED_KEY } from '../../../../src/platform/analytics/analytics-client'
import { ATTRIBUTION_KEY } from '../../../../src/platform/analytics/attribution'
import { QUEUE_KEY } from '../../../../src/platform/analytics/event-queue'
import { SESSION_KEY } from '../../../../src/platform/analytics/session'
import { mswServer } from '../../../support/msw-server'
import { analyticsHarness, memoryStorage, ORIGIN } from './analytics-harness'
import { createFakeTimers } from './fake-timers'

const LOG_URL = `${ORIGIN}/api/analytics/prompt-chat/log`
type Event = Record<string, unknown>

/**
 * The platform's log endpoint: records every batch that reached it, and answers with the
 * outcomes given (then success). 'fail' is a 500, 'offline' a network error, 'no-success' a
 * 200 without `success: true`.
 */
function logEndpoint(outcomes: Array<'fail' | 'offline' | 'no-success'> = []) {
  const received: Event[][] = []
  mswServer.use(
    http.post(LOG_URL, async ({ request }) => {
      const outcome = outcomes.shift()
      if (outcome === 'offline') return HttpResponse.error()
      const body = (await request.json()) as { events: Event[] }
      if (outcome === 'fail') return HttpResponse.json({ message: 'down' }, { status: 500 })
      if (outcome === 'no-success') return HttpResponse.json({ ok: true })
      received.push(body.events)
      return HttpResponse.json({ success: true })
    }),
  )
  return received
}

const queued = (storage: { getItem(key: string): string | null }) =>
  (JSON.parse(storage.getItem(QUEUE_KEY) ?? '[]') as Array<{ event: Event }>).map(
    (item) => item.event,
  )

describe('analytics events (docs/product/data.md)', () => {
  test('an event carries every field of the spec plus its custom data', async () => {
    const received = logEndpoint()
    const h = analyticsHarness({
      browser: {
        href: () => `${ORIGIN}/chat?utm_source=newsletter&utm_medium=email&utm_campaign=may`,
        referrer: () => 'https://mail.example.net/inbox',
        screenWidth: () => 1280,
      },
    })
    h.analytics.setUser({ id: 'user_alice', email: 'alice@example.com' })
    h.analytics.log('prompt_created', { prompt_id: 'p1', words: 12 })
    h.timers.advance(3000)
    await h.settled()

    expect(received).toHaveLength(1)
    const [event] = received[0] ?? []
    expect(event).toEqual({
      prompt_id: 'p1',
      words: 12,
      type: 'prompt_created',
      timestamp: '2026-05-01T12:00:00.000Z',
      project_id: 'prompt-chat',
      user_id: 'user_alice',
      user_email: 'alice@example.com',
      session_id: expect.stringMatching(/^sess_[0-9a-f]{24}$/),
      pathname: '/chat',
      referrer: 'https://mail.example.net/inbox',
      screen_width: 1280,
      channel: 'Email',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'may',
      utm_content: null,
      utm_term: null,
    })
  })

  test('custom data cannot relabel the standard fields', async () => {
    const received = logEndpoint()
    const h = analyticsHarness()
    h.analytics.log('click', { type: 'forged', project_id: 'other', label: 'ok' })
    h.timers.advance(3000)
    await h.settled()
    expect(received[0]?.[0]).toMatchObject({
      type: 'click',
      project_id: 'prompt-chat',
      label: 'ok',
    })
  })

  test('every string, however deep, is cut to 256 characters', async () => {
    const received = logEndpoint()
    const h = analyticsHarness({
      browser: { referrer: () => `https://ref.example.com/${'r'.repeat(400)}` },
    })
    h.analytics.log('t'.repeat(300), {
      note: 'n'.repeat(1000),
      nested: { list: ['x'.repeat(257)] },
    })
    h.timers.advance(3000)
    await h.settled()
    const event = received[0]?.[0] as {
      type: string
      note: string
      referrer: string
      nested: { list: string[] }
    }
    expect(event.type).toBe('t'.repeat(256))
    expect(event.note).toBe('n'.repeat(256))
    expect(event.nested.list[0]).toBe('x'.repeat(256))
    expect(event.referrer).toHaveLength(256)
  })

  test('after sign-out events no longer carry the user', async () => {
    const received = logEndpoint()
    const h = analyticsHarness()
    h.analytics.setUser({ id: 'user_bob' })
    h.analytics.log('a')
    h.analytics.setUser(null)
    h.analytics.log('b')
    h.timers.advance(3000)
    await h.settled()
    expect(received[0]?.map((e) => [e.type, e.user_id, e.user_email])).toEqual([
      ['a', 'user_bob', null],
      ['b', null, null],
    ])
  })
})

describe('batching (docs/product/limits.md: 10 events, 3 s)', () => {
  test('a lone event waits exactly 3 s', async () => {
    const received = logEndpoint()
    const h = analyticsHarness()
    h.analytics.log('one')
    h.timers.advance(2999)
    await h.settled()
    expect(received).toEqual([])
    h.timers.advance(1)
    await h.settled()
    expect(received.map((batch) => batch.map((e) => e.type))).toEqual([['one']])
  })

  test('the tenth event sends the batch at once; the eleventh waits for the delay', async () => {
    const received = logEndpoint()
    const h = analyticsHarness()
    for (let i = 1; i <= 9; i++) h.analytics.log(`e${i}`)
    await h.settled()
    expect(received).toEqual([])
    h.analytics.log('e10')
    await h.settled()
    expect(received.map((batch) => batch.map((e) => e.type))).toEqual([
      ['e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7', 'e8', 'e9', 'e10'],
    ])
    h.analytics.log('e11')
    await h.settled()
    expect(received).toHaveLength(1)
    h.timers.advance(3000)
    await h.settled()
    expect(received[1]?.map((e) => e.type)).toEqual(['e11'])
    expect(queued(h.storage)).toEqual([])
  })

  test('flush sends what is queued now', async () => {
    const received = logEndpoint()
    const h = analyticsHarness()
    h.analytics.log('x')
    await h.analytics.flush()
    expect(received.map((batch) => batch.map((e) => e.type))).toEqual([['x']])
  })
})

describe('session (docs/product/data.md, docs/product/limits.md: sess_ id, 30 minutes idle)', () => {
  test('activity within 30 minutes keeps the session; a longer pause starts a new one', async () => {
    const received = logEndpoint()
    const h = analyticsHarness()
    h.analytics.log('a')
    h.timers.advance(30 * 60 * 1000) // exactly 30 min idle: still the same session
    h.analytics.log('b')
    h.timers.advance(30 * 60 * 1000 + 1)
    h.analytics.log('c')
    h.timers.advance(3000)
    await h.settled()
    const sessions = received.flat().map((e) => e.session_id)
    expect(sessions).toHaveLength(3)
    expect(sessions[0]).toBe(sessions[1])
    expect(sessions[2]).not.toBe(sessions[1])
    expect(sessions[2]).toMatch(/^sess_/)
    const stored = JSON.parse(h.storage.getItem(SESSION_KEY) ?? 'null')
    const startOfC = h.timers.now() - 3000
    expect(stored).toEqual({ id: sessions[2], startedAt: startOfC, lastActivityAt: startOfC })
  })
})

describe('attribution (docs/product/limits.md: UTM and channel persisted locally)', () => {
  test('a campaign landing is remembered on later pages and after a reload', async () => {
    const received = logEndpoint()
    const storage = memoryStorage()
    let href = `${ORIGIN}/?utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_term=ai`
    const first = analyticsHarness({ storage, browser: { href: () => href } })
    first.analytics.log('landing')
    href = `${ORIGIN}/library`
    first.analytics.log('next page')
    first.timers.advance(3000)
    await first.settled()
    expect(JSON.parse(storage.getItem(ATTRIBUTION_KEY) ?? 'null')).toMatchObject({
      utm_source: 'google',
      channel: 'Paid Search',
    })

    const reloaded = analyticsHarness({ storage, browser: { href: () => `${ORIGIN}/` } })
    reloaded.analytics.log('after reload')
    reloaded.timers.advance(3000)
    await reloaded.settled()
    const attributed = received
      .flat()
      .map((e) => [e.type, e.utm_source, e.utm_campaign, e.utm_term, e.channel])
    expect(attributed).toEqual([
      ['landing', 'google', 'spring', 'ai', 'Paid Search'],
      ['next page', 'google', 'spring', 'ai', 'Paid Search'],
      ['after reload', 'google', 'spring', 'ai', 'Paid Search'],
    ])
  })

  test('a visit with neither tags nor referrer is Direct', async () => {
    const received = logEndpoint()
    const h = analyticsHarness()
    h.analytics.log('x')
    h.timers.advance(3000)
    await h.settled()
    expect(received[0]?.[0]).toMatchObject({ channel: 'Direct', utm_source: null, referrer: null })
  })
})

describe('queue persistence and failed sends (docs/product/errors.md#platform-errors: re-queued)', () => {
  test('events not yet sent survive a reload and go out from the next page', async () => {
    const received = logEndpoint()
    const storage = memoryStorage()
    const first = analyticsHarness({ storage })
    first.analytics.log('a')
    first.analytics.log('b')
    expect(queued(storage).map((e) => e.type)).toEqual(['a', 'b'])

    const next = analyticsHarness({ storage, timers: createFakeTimers() })
    next.timers.advance(3000)
    await next.settled()
    expect(received.map((batch) => batch.map((e) => e.type))).toEqual([['a', 'b']])
    expect(storage.getItem(QUEUE_KEY)).toBeNull()
  })

  for (const failure of ['fail', 'offline', 'no-success'] as const) {
    test(`a send that fails (${failure}) keeps the events queued and retries them once`, async () => {
      const received = logEndpoint([failure])
      const h = analyticsHarness()
      h.analytics.log('a')
      h.analytics.log('b')
      h.timers.advance(3000)
      await h.settled()
      expect(h.sent).toHaveLength(1)
      expect(received).toEqual([])
      expect(queued(h.storage).map((e) => e.type)).toEqual(['a', 'b'])

      h.analytics.log('c')
      h.timers.advance(3000)
      await h.settled()
      expect(received.map((batch) => batch.map((e) => e.type))).toEqual([['a', 'b', 'c']])
      expect(queued(h.storage)).toEqual([])
      // The retried events are the very ones that failed, not copies with new data.
      expect(received[0]?.slice(0, 2)).toEqual(h.sent[0])
    })
  }

  test('repeated failures wait longer before each retry', async () => {
    const received = logEndpoint(['fail', 'fail'])
    const h = analyticsHarness()
    h.analytics.log('a')
    h.timers.advance(3000) // first try fails: next in 3 s
    await h.settled()
    h.timers.advance(3000) // second try fails: next in 6 s
    await h.settled()
    expect(h.sent).toHaveLength(2)
    h.timers.advance(5999)
    await h.settled()
    expect(h.sent).toHaveLength(2)
    h.timers.advance(1)
    await h.settled()
    expect(received.map((batch) => batch.map((e) => e.type))).toEqual([['a']])
  })
})

describe('do-not-track', () => {
  test('disables analytics for good: nothing is queued or sent, even after the signal goes', async () => {
    const received = logEndpoint()
    const storage = memoryStorage()
    storage.setItem(QUEUE_KEY, JSON.stringify([{ key: 'k1', event: { type: 'old' } }]))
    const tracked = analyticsHarness({ storage, browser: { doNotTrack: () => true } })
    expect(tracked.analytics.isEnabled()).toBe(false)
    tracked.analytics.log('ignored')
    tracked.timers.advance(10_000)
    await tracked.analytics.flush()
    await tracked.settled()
    expect(storage.getItem(DISABLED_KEY)).toBe('1')
    expect(storage.getItem(QUEUE_KEY)).toBeNull()

    const later = analyticsHarness({ storage, browser: { doNotTrack: () => false } })
    expect(later.analytics.isEnabled()).toBe(false)
    later.analytics.log('still ignored')
    later.timers.advance(10_000)
    await later.settled()
    expect(received).toEqual([])
    expect(tracked.sent).toEqual([])
    expect(later.sent).toEqual([])
  })
})
