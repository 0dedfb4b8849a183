import { describe, expect, it } from 'vitest'
import { relativeTime } from '../../../src/domain/relative-time'

describe('how long ago, as the conversations list says it', () => {
  const now = new Date(2026, 4, 20, 12, 0, 0).getTime() // 20 May 2026, noon, local time
  const ago = (ms: number) => new Date(now - ms).toISOString()
  const MIN = 60_000
  const HOUR = 60 * MIN

  it('counts minutes, hours and days, then gives the date', () => {
    expect(relativeTime(ago(30_000), now)).toBe('just now')
    expect(relativeTime(ago(-5 * MIN), now)).toBe('just now') // another clock, a little ahead
    expect(relativeTime(ago(5 * MIN), now)).toBe('5 min ago')
    expect(relativeTime(ago(3 * HOUR), now)).toBe('3 h ago')
    expect(relativeTime(ago(30 * HOUR), now)).toBe('yesterday')
    expect(relativeTime(ago(4 * 24 * HOUR), now)).toBe('4 days ago')
    expect(relativeTime(new Date(2026, 4, 3, 12).toISOString(), now)).toBe('May 3')
    expect(relativeTime(new Date(2025, 11, 24, 12).toISOString(), now)).toBe('Dec 24, 2025')
    expect(relativeTime('not a time', now)).toBe('')
  })
})
