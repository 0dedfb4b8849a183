import { act, renderHook } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { useFramedSelector } from '../../src/ui/chat/framed-selector'

// A streaming actor read on the page's stream clock (docs/rendering.md): a compared reply
// renders on the clock's ticks, not on each of its tokens.

interface Reply {
  text: string
  streaming: boolean
}

/** A stand-in for a column's actor: a snapshot, and who to tell when it changes. */
function replySource(first: Reply) {
  let snapshot = first
  const observers = new Set<(s: Reply) => void>()
  return {
    getSnapshot: () => snapshot,
    subscribe(observer: (s: Reply) => void) {
      observers.add(observer)
      return { unsubscribe: () => observers.delete(observer) }
    },
    emit(next: Reply) {
      snapshot = next
      for (const observer of observers) observer(next)
    },
  }
}

const same = (a: Reply, b: Reply) => a.text === b.text && a.streaming === b.streaming
const ended = (a: Reply, b: Reply) => a.streaming !== b.streaming

afterEach(() => {
  vi.useRealTimers()
})

test('tokens between two ticks render once, on the tick; the end of the stream shows at once', () => {
  vi.useFakeTimers()
  const source = replySource({ text: 'A', streaming: true })
  let renders = 0
  const { result } = renderHook(() => {
    renders++
    return useFramedSelector(source, (s) => s, same, ended)
  })
  // A clock that has been still ticks at once: the first token after a pause shows.
  act(() => source.emit({ text: 'A b', streaming: true }))
  act(() => vi.advanceTimersByTime(0))
  expect(result.current.text).toBe('A b')
  const before = renders
  let text = 'A b'
  for (const token of [' c', ' d', ' e']) {
    text += token
    act(() => source.emit({ text, streaming: true }))
    act(() => vi.advanceTimersByTime(30))
  }
  expect(result.current.text).toBe('A b')
  expect(renders).toBe(before)
  act(() => vi.advanceTimersByTime(10))
  expect(result.current.text).toBe('A b c d e')
  expect(renders).toBe(before + 1)
  // A tick with nothing new renders nothing.
  act(() => vi.advanceTimersByTime(500))
  expect(renders).toBe(before + 1)
  act(() => source.emit({ text: 'A b c d e f', streaming: true }))
  act(() => source.emit({ text: 'A b c d e f.', streaming: false }))
  expect(result.current).toEqual({ text: 'A b c d e f.', streaming: false })
  expect(renders).toBe(before + 2)
  act(() => vi.advanceTimersByTime(200))
  expect(renders).toBe(before + 2)
})

test('values framed side by side catch up on the same tick', () => {
  vi.useFakeTimers()
  const left = replySource({ text: 'Left', streaming: true })
  const right = replySource({ text: 'Right', streaming: true })
  const { result } = renderHook(() => [
    useFramedSelector(left, (s) => s, same, ended),
    useFramedSelector(right, (s) => s, same, ended),
  ])
  act(() => left.emit({ text: 'Left one', streaming: true }))
  act(() => vi.advanceTimersByTime(0))
  expect(result.current[0]?.text).toBe('Left one')
  // 30 ms later the right one grows: it waits for the next tick, as the left one does.
  act(() => vi.advanceTimersByTime(30))
  act(() => right.emit({ text: 'Right one', streaming: true }))
  act(() => vi.advanceTimersByTime(20))
  act(() => left.emit({ text: 'Left one two', streaming: true }))
  act(() => vi.advanceTimersByTime(49))
  expect(result.current.map((reply) => reply?.text)).toEqual(['Left one', 'Right'])
  act(() => vi.advanceTimersByTime(1))
  expect(result.current.map((reply) => reply?.text)).toEqual(['Left one two', 'Right one'])
})
