import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { reconnectDelayMs } from '../../src/platform/realtime/realtime.machine'
import { startRealtime } from '../machine/realtime-harness'

/** docs/product/limits.md: attempt n waits min(2^n, 30) s plus up to 1 s of jitter. */
const lowerBoundMs = (attempt: number) => Math.min(2 ** attempt, 30) * 1000
const jitter = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })

describe('reconnect backoff bounds', () => {
  test('every delay is in [min(2^n, 30) s, that + 1 s)', () => {
    fc.assert(
      fc.property(fc.nat(200), jitter, (attempt, random) => {
        const delay = reconnectDelayMs(attempt, random)
        expect(delay).toBeGreaterThanOrEqual(lowerBoundMs(attempt))
        expect(delay).toBeLessThan(lowerBoundMs(attempt) + 1000)
        expect(Number.isInteger(delay)).toBe(true)
      }),
      { numRuns: 1000 },
    )
  })

  test('the machine waits exactly that long before each attempt, whatever the jitter', () => {
    fc.assert(
      fc.property(fc.array(jitter, { minLength: 1, maxLength: 8 }), (jitters) => {
        let next = 0
        const rt = startRealtime({ random: () => jitters[next++ % jitters.length] ?? 0 })
        rt.send({ type: 'connect' })
        for (let attempt = 0; attempt < jitters.length; attempt++) {
          rt.send({ type: 'socket.closed', code: 1006 })
          const delay = reconnectDelayMs(attempt, jitters[attempt] ?? 0)
          expect(delay).toBeGreaterThanOrEqual(lowerBoundMs(attempt))
          expect(delay).toBeLessThan(lowerBoundMs(attempt) + 1000)
          const sockets = rt.sockets.length
          rt.clock.increment(delay - 1)
          expect(rt.sockets).toHaveLength(sockets)
          rt.clock.increment(1)
          expect(rt.sockets).toHaveLength(sockets + 1)
        }
        rt.actor.stop()
      }),
      { numRuns: 200 },
    )
  })
})
