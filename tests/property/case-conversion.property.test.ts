import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  keysToCamel,
  keysToSnake,
  toCamelCase,
  toSnakeCase,
} from '../../src/platform/case-conversion'

/** camelCase identifiers: a lower-case start, then letters and digits. */
const camelIdentifier = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,24}$/)

/** Plain JSON-like data whose object keys are camelCase identifiers. */
const camelData = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(camelIdentifier, tie('value'), { maxKeys: 4 }),
  ),
})).value

describe('snake/camel conversion properties', () => {
  test('toCamelCase(toSnakeCase(x)) === x for camelCase identifiers', () => {
    fc.assert(
      fc.property(camelIdentifier, (name) => {
        expect(toCamelCase(toSnakeCase(name))).toBe(name)
      }),
    )
  })

  test('snake_case output has no capitals, and is a fixed point', () => {
    fc.assert(
      fc.property(camelIdentifier, (name) => {
        const snake = toSnakeCase(name)
        expect(snake).toBe(snake.toLowerCase())
        expect(toSnakeCase(snake)).toBe(snake)
      }),
    )
  })

  test('keysToCamel(keysToSnake(v)) deep-equals v', () => {
    fc.assert(
      fc.property(camelData, (value) => {
        expect(keysToCamel(keysToSnake(value))).toEqual(value)
      }),
    )
  })

  test('values are never touched, only keys', () => {
    fc.assert(
      fc.property(camelIdentifier, fc.string(), (key, value) => {
        const snake = keysToSnake<Record<string, string>>({ [key]: value })
        expect(Object.values(snake)).toEqual([value])
      }),
    )
  })
})
