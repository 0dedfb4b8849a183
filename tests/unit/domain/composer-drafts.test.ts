import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  draftKey,
  keepDraft,
  MAX_COMPOSER_DRAFTS,
  parseComposerDrafts,
} from '../../../src/domain/composer-drafts'

describe('unsent text per conversation (docs/product/conversations.md#unsent-text)', () => {
  it('keeps the newest text last, forgets blank text, and a new chat is the empty key', () => {
    let drafts = keepDraft({}, draftKey(null), 'new chat')
    drafts = keepDraft(drafts, 'conv_a', 'a')
    drafts = keepDraft(drafts, draftKey(null), 'new chat, more')
    expect(Object.entries(drafts)).toEqual([
      ['conv_a', 'a'],
      ['', 'new chat, more'],
    ])
    expect(keepDraft(drafts, 'conv_a', ' \n ')).toEqual({ '': 'new chat, more' })
  })

  it(`keeps at most ${MAX_COMPOSER_DRAFTS} conversations, forgetting the least recently typed in`, () => {
    let drafts = {}
    for (let i = 0; i <= MAX_COMPOSER_DRAFTS; i++) drafts = keepDraft(drafts, `conv_${i}`, `t${i}`)
    expect(Object.keys(drafts)).toHaveLength(MAX_COMPOSER_DRAFTS)
    expect(drafts).not.toHaveProperty('conv_0')
    expect(drafts).toHaveProperty(`conv_${MAX_COMPOSER_DRAFTS}`)
  })

  it('reads back what it stored, and anything else as nothing, without throwing', () => {
    const drafts = keepDraft(keepDraft({}, 'conv_a', 'a'), '', 'b')
    expect(parseComposerDrafts(JSON.stringify(drafts))).toEqual(drafts)
    for (const stored of [null, '', '{', '[]', '"x"', '3', 'null'])
      expect(parseComposerDrafts(stored)).toEqual({})
    expect(parseComposerDrafts('{"conv_a":"a","conv_b":5,"conv_c":null}')).toEqual({ conv_a: 'a' })
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (stored) => {
        const read = parseComposerDrafts(stored)
        expect(Object.values(read).every((text) => typeof text === 'string')).toBe(true)
      }),
    )
  })
})
