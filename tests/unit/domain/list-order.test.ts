import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { moved } from '../../../src/domain/list-order'

// Moving one entry of a list (the quick menu's order, docs/product/screens.md#quick-prompts-panel).

describe('moved', () => {
  it('puts the item at its new index and keeps every other item in its order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer(), { minLength: 2, maxLength: 30 }),
        fc.nat(),
        fc.nat(),
        (items, a, b) => {
          const from = a % items.length
          const to = b % items.length
          const result = moved(items, from, to)
          if (from === to) {
            expect(result).toBeNull()
            return
          }
          expect(result?.[to]).toBe(items[from])
          expect(result?.filter((x) => x !== items[from])).toEqual(
            items.filter((x) => x !== items[from]),
          )
        },
      ),
    )
  })

  it('moves nothing from or to outside the list', () => {
    expect(moved(['a', 'b'], -1, 0)).toBeNull()
    expect(moved(['a', 'b'], 0, 2)).toBeNull()
    expect(moved(['a', 'b'], 0.5, 1)).toBeNull()
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b'])
  })
})
