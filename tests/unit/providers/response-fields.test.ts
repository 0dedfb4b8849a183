import { describe, expect, test } from 'vitest'
import { count, reportedModel, text } from '../../../src/providers/response-fields'

// A provider's reply read defensively: a missing field or one of another type never becomes a
// wrong number, a stray "undefined" in the text, or an empty model name on the reply.
describe('reading fields of a provider reply', () => {
  test('a count is the number sent, else 0', () => {
    expect(count(42)).toBe(42)
    expect(count(0)).toBe(0)
    expect(count('42')).toBe(0)
    expect(count(Number.NaN)).toBe(0)
    expect(count(Number.POSITIVE_INFINITY)).toBe(0)
    expect(count(undefined)).toBe(0)
    expect(count(null)).toBe(0)
  })

  test('text is the string sent, else undefined, and an empty string is none', () => {
    expect(text('Hello')).toBe('Hello')
    expect(text('')).toBeUndefined()
    expect(text(7)).toBeUndefined()
    expect(text({ text: 'Hello' })).toBeUndefined()
    expect(text(undefined)).toBeUndefined()
  })

  test('the reported model is the one named, else the one asked for', () => {
    expect(reportedModel('gpt-5-2025-08-07', 'gpt-5')).toBe('gpt-5-2025-08-07')
    expect(reportedModel('', 'gpt-5')).toBe('gpt-5')
    expect(reportedModel(5, 'gpt-5')).toBe('gpt-5')
    expect(reportedModel(undefined, 'gpt-5')).toBe('gpt-5')
  })
})
