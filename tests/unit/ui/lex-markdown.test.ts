import { afterEach, describe, expect, test, vi } from 'vitest'
import { lexMarkdown } from '../../../src/ui/chat/markdown/lex-markdown'

// docs/rendering.md, "What it never does": the emphasis budget is counted, not timed.

const kinds = (text: string) => JSON.stringify(lexMarkdown(text)?.tokens).match(/"type":"\w+"/g)

describe('the emphasis budget', () => {
  afterEach(() => vi.restoreAllMocks())

  test('a busy machine renders the same: a clock that jumps seconds changes nothing', () => {
    const text = '~~old~~ and **bold** and _it_'
    const calm = kinds(text)
    let now = 0
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 5_000))
    expect(kinds(text)).toEqual(calm)
    expect(calm).toEqual(expect.arrayContaining(['"type":"del"', '"type":"strong"', '"type":"em"']))
  })

  test('a 100 KB reply with snake_case and spaced asterisks keeps all its emphasis', () => {
    const line = 'Use my_snake_case_name and a * b = c, with **bold** and *em*. '
    const lexed = lexMarkdown(line.repeat(1_500)) // about 100 KB in one paragraph
    expect(lexed?.selfContained).toBe(true)
    const strong = JSON.stringify(lexed?.tokens).match(/"type":"strong"/g)
    expect(strong).toHaveLength(1_500)
  })

  test('openers that never close run out of budget: the rest shows as typed', () => {
    const hostile = `${'_a'.repeat(31)} `.repeat(1_600) // 100 KB
    const lexed = lexMarkdown(hostile)
    expect(lexed?.selfContained).toBe(false)
    expect(lexed?.tokens.map((token) => token.raw).join('')).toBe(hostile)
  })
})
