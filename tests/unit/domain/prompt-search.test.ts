import { describe, expect, test } from 'vitest'
import { inRankOrder } from '../../../src/domain/prompt-rank-order'
import { filterPrompts } from '../../../src/domain/prompt-search'

// The library's search (docs/product/search.md#the-prompt-library): which prompts show is the
// brief's filter; their order, the database's ranking.

const prompt = (id: string, title: string, content = '') => ({ id, title, content })
const LIST = [
  prompt('p1', 'Weekly notes', 'Mention the summary once.'),
  prompt('p2', 'Translator', 'Into French.'),
  prompt('p3', 'SUMMARY writer'),
  prompt('p4', 'Summaryless notes'),
]

describe('the library search', () => {
  test('keeps what contains the text in the title or content, whatever its case', () => {
    expect(filterPrompts(LIST, '  summary ').map((p) => p.id)).toEqual(['p1', 'p3', 'p4'])
    expect(filterPrompts(LIST, '   ')).toEqual(LIST)
  })

  test('puts the ranked first, best first, and the rest after in their own order', () => {
    const shown = filterPrompts(LIST, 'summary')
    expect(inRankOrder(shown, ['p3', 'p1']).map((p) => p.id)).toEqual(['p3', 'p1', 'p4'])
    // An id the list does not hold (filtered out meanwhile) changes nothing.
    expect(inRankOrder(shown, ['p9', 'p4']).map((p) => p.id)).toEqual(['p4', 'p1', 'p3'])
    expect(inRankOrder(shown, [])).toEqual(shown)
  })
})
