import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  coalescedDraftWriter,
  DRAFT_WRITE_MS,
  forgetUnsentMessage,
  keepUnsentMessage,
  recallComposerDrafts,
  storeComposerDrafts,
} from '../../../src/effects/composer-draft-store'
import type { KeyValueStorage } from '../../../src/platform/index'

/** A storage that counts its writes. */
function countingStorage() {
  const items = new Map<string, string>()
  const writes: string[] = []
  const storage: KeyValueStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      writes.push(value)
      items.set(key, value)
    },
    removeItem: (key) => {
      writes.push(`removed ${key}`)
      items.delete(key)
    },
  }
  return { storage, writes }
}

/** A page whose `pagehide` the test fires. */
function fakePage() {
  const listeners = new Set<() => void>()
  return {
    onPageHide: (listener: () => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    hide: () => {
      for (const listener of [...listeners]) listener()
    },
  }
}

describe('unsent text written while typing (docs/product/conversations.md#unsent-text)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('a burst of keys is one write of the newest text, at most 300 ms behind', () => {
    const { storage, writes } = countingStorage()
    const write = coalescedDraftWriter(storage, fakePage().onPageHide)
    let text = ''
    for (const key of 'Hello there') {
      text += key
      write('u1', { c1: text })
    }
    expect(writes).toEqual([])
    vi.advanceTimersByTime(DRAFT_WRITE_MS)
    expect(writes).toEqual([JSON.stringify({ c1: 'Hello there' })])
    expect(recallComposerDrafts(storage, 'u1')).toEqual({ c1: 'Hello there' })
  })

  it('typing on and on is still written every 300 ms, not only when it stops', () => {
    const { storage, writes } = countingStorage()
    const write = coalescedDraftWriter(storage, fakePage().onPageHide)
    for (let i = 1; i <= 10; i++) {
      write('u1', { c1: 'x'.repeat(i) })
      vi.advanceTimersByTime(100)
    }
    expect(writes.length).toBeGreaterThanOrEqual(3)
    expect(writes.at(-1)).toBe(JSON.stringify({ c1: 'x'.repeat(9) }))
  })

  it('the page going away writes what is due at once, and nothing twice', () => {
    const { storage, writes } = countingStorage()
    const page = fakePage()
    const write = coalescedDraftWriter(storage, page.onPageHide)
    page.hide()
    expect(writes).toEqual([])
    write('u1', { c1: 'half a thought' })
    page.hide()
    expect(writes).toEqual([JSON.stringify({ c1: 'half a thought' })])
    page.hide()
    vi.advanceTimersByTime(DRAFT_WRITE_MS)
    expect(writes).toHaveLength(1)
  })

  it("another user's text first writes what was due for the one before", () => {
    const { storage } = countingStorage()
    const write = coalescedDraftWriter(storage, fakePage().onPageHide)
    write('u1', { c1: 'mine' })
    write('u2', { c9: 'theirs' })
    expect(recallComposerDrafts(storage, 'u1')).toEqual({ c1: 'mine' })
    vi.advanceTimersByTime(DRAFT_WRITE_MS)
    expect(recallComposerDrafts(storage, 'u2')).toEqual({ c9: 'theirs' })
  })

  it('no text left removes the entry', () => {
    const { storage, writes } = countingStorage()
    const write = coalescedDraftWriter(storage, fakePage().onPageHide)
    write('u1', {})
    vi.advanceTimersByTime(DRAFT_WRITE_MS)
    expect(writes).toEqual(['removed composerDrafts:u1'])
  })
})

describe('a question that could not be saved comes back after a reload (docs/product/conversations.md#unsent-text)', () => {
  it('the next start gives it back as the unsent text of its conversation, once', () => {
    const { storage } = countingStorage()
    storeComposerDrafts(storage, 'u1', { c2: 'typed since', c3: 'Lost words, and more' })
    keepUnsentMessage(storage, 'u1', 'c1', 'Lost words')
    keepUnsentMessage(storage, 'u1', 'c2', 'Second try')
    keepUnsentMessage(storage, 'u1', 'c3', 'Lost words')
    keepUnsentMessage(storage, 'u2', 'c9', 'Not yours')
    // Alone, first of what was typed since, or already in the box: kept as unsent text.
    const expected = {
      c1: 'Lost words',
      c2: 'Second try\n\ntyped since',
      c3: 'Lost words, and more',
    }
    expect(recallComposerDrafts(storage, 'u1')).toEqual(expected)
    // Written at once as unsent text, and no longer kept apart: a second start finds the same.
    expect(storage.getItem('unsentMessages:u1')).toBeNull()
    expect(recallComposerDrafts(storage, 'u1')).toEqual(expected)
    expect(JSON.parse(storage.getItem('unsentMessages:u2') ?? '{}')).toEqual({ c9: 'Not yours' })
  })

  it('a question saved by Retry is forgotten, wherever it was kept', () => {
    const { storage } = countingStorage()
    keepUnsentMessage(storage, 'u1', '', 'From a new chat')
    keepUnsentMessage(storage, 'u1', 'c1', 'Other')
    forgetUnsentMessage(storage, 'u1', 'From a new chat')
    forgetUnsentMessage(storage, 'u1', 'Never kept')
    expect(recallComposerDrafts(storage, 'u1')).toEqual({ c1: 'Other' })
  })
})
