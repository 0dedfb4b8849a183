import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TAG_MAX_CHARS, TAGS_PER_PROMPT_MAX } from '../../../db/migrations/prompt-marks'
import { TAG_MAX, TAGS_MAX, tidyTag, withoutTag, withTag } from '../../../src/domain/prompt-marks'

// Favourites and tags (docs/product/screens.md#favourites-and-tags): what the library accepts
// as a tag is what the database accepts.

describe('prompt marks', () => {
  it('the app and the database hold the same limits', () => {
    expect(TAG_MAX).toBe(TAG_MAX_CHARS)
    expect(TAGS_MAX).toBe(TAGS_PER_PROMPT_MAX)
  })

  it('any list built by adding tags is one the database accepts: tidy, short, few, no two alike', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 }), { maxLength: 30 }), (inputs) => {
        let tags: string[] = []
        for (const input of inputs) {
          const check = withTag(tags, input)
          if (check.ok) tags = check.tags
        }
        expect(tags.length).toBeLessThanOrEqual(TAGS_MAX)
        for (const tag of tags) {
          expect(tag).toBe(tidyTag(tag))
          expect(tag.length).toBeGreaterThan(0)
          expect(Array.from(tag).length).toBeLessThanOrEqual(TAG_MAX)
        }
        expect(new Set(tags.map((t) => t.toLocaleLowerCase())).size).toBe(tags.length)
      }),
    )
  })

  it('says why a tag is refused, and keeps the list as it was', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `t${i}`)
    expect(withTag(ten, 'eleventh')).toEqual({
      ok: false,
      message: 'A prompt can have at most 10 tags',
    })
    expect(withTag([], 'x'.repeat(31))).toEqual({
      ok: false,
      message: 'Tags are at most 30 characters',
    })
    // One already there, whatever its case, is no change and no error.
    expect(withTag(ten, 'T3')).toEqual({ ok: true, tags: ten })
    expect(withTag(['a'], '  two  words ')).toEqual({ ok: true, tags: ['a', 'two words'] })
  })

  it('removes a tag whatever its case', () => {
    expect(withoutTag(['Work', 'ideas'], 'WORK')).toEqual(['ideas'])
  })
})
