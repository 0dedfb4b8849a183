import fc from 'fast-check'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import type { KeyValueStorage } from '../../src/platform/types'
import { mswServer } from '../support/msw-server'
import {
  analyticsHarness,
  memoryStorage,
  ORIGIN,
} from '../unit/platform/analytics/analytics-harness'

type Step =
  | { kind: 'log'; count: number }
  | { kind: 'advance'; ms: number }
  | { kind: 'server'; up: boolean }
  | { kind: 'reload' }

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.integer({ min: 1, max: 12 }).map((count) => ({ kind: 'log', count }) as const),
  },
  {
    weight: 3,
    arbitrary: fc.integer({ min: 0, max: 70_000 }).map((ms) => ({ kind: 'advance', ms }) as const),
  },
  { weight: 2, arbitrary: fc.boolean().map((up) => ({ kind: 'server', up }) as const) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reload' } as const) },
)

describe('analytics batching', () => {
  test('never loses or duplicates an event, across failed sends and reloads', async () => {
    const server = { up: true, received: [] as number[], batches: [] as number[] }
    mswServer.use(
      http.post(`${ORIGIN}/api/analytics/prompt-chat/log`, async ({ request }) => {
        if (!server.up) return HttpResponse.json({ message: 'unavailable' }, { status: 503 })
        const { events } = (await request.json()) as { events: Array<{ seq: number }> }
        server.received.push(...events.map((event) => event.seq))
        server.batches.push(events.length)
        return HttpResponse.json({ success: true })
      }),
    )

    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 25 }), async (steps) => {
        Object.assign(server, { up: true, received: [], batches: [] })
        const storage: KeyValueStorage = memoryStorage()
        let h = analyticsHarness({ storage })
        let seq = 0
        for (const s of steps) {
          if (s.kind === 'log')
            for (let i = 0; i < s.count; i++) h.analytics.log('e', { seq: seq++ })
          else if (s.kind === 'advance') h.timers.advance(s.ms)
          else if (s.kind === 'server') server.up = s.up
          // A reload between sends: the next page picks up the stored queue.
          else h = analyticsHarness({ storage })
          await h.settled()
        }
        server.up = true
        // Long enough for the longest retry back-off, then whatever is left.
        h.timers.advance(120_000)
        await h.settled()
        await h.analytics.flush()
        await h.settled()
        expect(server.received).toEqual(Array.from({ length: seq }, (_, i) => i))
        expect(server.batches.every((size) => size >= 1 && size <= 100)).toBe(true)
      }),
      { numRuns: 60 },
    )
  })
})
