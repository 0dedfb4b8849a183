import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { type Lexed, lexMarkdown } from '../../../src/ui/chat/markdown/lex-markdown'
import {
  advanceBlocks,
  openFence,
  type StreamBlocks,
} from '../../../src/ui/chat/markdown/stream-blocks'
import { streamedText } from '../../support/markdown-arbitraries'

// src/ui/chat/markdown/stream-blocks.ts: a growing reply as done blocks and an open tail.

/** Streams `chunks` through advanceBlocks with the real lexer, recording what it was given. */
function stream(chunks: string[]) {
  const lexed: string[] = []
  const lex = (src: string): Lexed | null => {
    lexed.push(src)
    return lexMarkdown(src)
  }
  let blocks: StreamBlocks | null = null
  let text = ''
  const states: StreamBlocks[] = []
  for (const chunk of chunks) {
    text += chunk
    blocks = advanceBlocks(blocks, text, lex)
    states.push(blocks)
  }
  return { blocks: blocks!, lexed, states, text }
}

const raws = (tokens: readonly { raw: string }[] | null) => (tokens ?? []).map((t) => t.raw)
const wordsOf = (text: string) => text.match(/\s+|\S+\s*/g) ?? []

/** A reply like an LLM's: paragraphs, a list, a fenced block, a heading, a table; `n` times. */
function longReply(n: number): string {
  const parts: string[] = []
  for (let i = 0; i < n; i++) {
    parts.push(
      `## Part ${i}`,
      '',
      `Some **bold** text and \`code\` in paragraph ${i}, with a [link](https://example.com/${i}).`,
      '',
      '- one',
      '- two',
      '',
      '```ts',
      `const value${i} = ${i}`,
      'export default value',
      '```',
      '',
      '| a | b |',
      '| - | - |',
      `| ${i} | x |`,
      '',
    )
  }
  return parts.join('\n')
}

describe('advanceBlocks', () => {
  test('blocks after a blank line are done once the next block’s first line is complete', () => {
    const { states } = stream(['Hello ', 'world.\n', '\n', 'Next', ' one\n', 'more'])
    expect(states.map((s) => raws(s.committed))).toEqual([
      [],
      [],
      [],
      [],
      ['Hello world.', '\n\n'],
      ['Hello world.', '\n\n'],
    ])
    const last = states.at(-1)!
    expect(raws(last.tail)).toEqual(['Next one\nmore'])
    expect(last.text.slice(last.committedLength)).toBe('Next one\nmore')
  })

  test('a heading, a rule and a closed fence end by themselves', () => {
    const heading = stream(['# Title\n', 'Text\n', 'and more'])
    expect(raws(heading.blocks.committed)).toEqual(['# Title\n'])
    const rule = stream(['Text\n', '***\n', 'more\n'])
    expect(raws(rule.blocks.committed)).toEqual(['Text\n', '***\n'])
    const fenced = stream(['```js\nx\n```\n', 'after\n', 'and'])
    expect(raws(fenced.blocks.committed)).toEqual(['```js\nx\n```\n'])
  })

  test('an unclosed fence, a list and a table stay open across blank lines', () => {
    const fence = stream(['```\na\n\n', 'b\n\nc\n'])
    expect(fence.blocks.committed).toEqual([])
    const list = stream(['- a\n\n', '- b\n\n', '  more\n'])
    expect(list.blocks.committed).toEqual([])
    expect(list.blocks.tail?.map((t) => t.type)).toEqual(['list'])
    const table = stream(['| a |\n| - |\n', '| 1 |\n', 'x\n'])
    expect(table.blocks.committed).toEqual([])
  })

  test('a partial line does not close the block above it: `1` may become `1. item`', () => {
    const { states } = stream(['1. a\n\n', '2', '. b\n', '\nend\n'])
    expect(raws(states[1]!.committed)).toEqual([])
    expect(states[2]!.tail?.[0]).toMatchObject({ type: 'list', raw: '1. a\n\n2. b\n' })
    expect(raws(states[3]!.committed)).toEqual(['1. a\n\n2. b', '\n\n'])
  })

  test('the tail is re-lexed from its first open block, not from the start of the message', () => {
    const reply = longReply(60)
    const words = wordsOf(reply)
    expect(reply.length).toBeGreaterThan(10_000)
    const { blocks, lexed } = stream(words)
    // Every chunk lexes at most the open blocks: here one table, fence or paragraph and a bit.
    expect(Math.max(...lexed.map((src) => src.length))).toBeLessThan(200)
    expect(lexed.reduce((sum, src) => sum + src.length, 0)).toBeLessThan(reply.length * 20)
    expect(lexed).toHaveLength(words.length)
    // And the blocks are the whole text's.
    expect([...raws(blocks.committed), ...raws(blocks.tail)]).toEqual(
      raws(lexMarkdown(reply)!.tokens),
    )
  })

  test('the same text again lexes nothing; text that does not extend the last starts over', () => {
    const { blocks, lexed } = stream(['a\n\nb\n', ''])
    expect(lexed).toHaveLength(1)
    const other = advanceBlocks(blocks, 'z\n', lexMarkdown)
    expect(other.committed).toEqual([])
    expect(raws(other.tail)).toEqual(['z\n'])
  })

  test('\\r\\n reads as \\n, also when split between chunks', () => {
    const { blocks } = stream(['a\r', '\n\r\nb\r\nc'])
    expect(blocks.text).toBe('a\n\nb\nc')
    expect([...raws(blocks.committed), ...raws(blocks.tail)].join('')).toBe('a\n\nb\nc')
  })

  test('a tail the lexer refuses is kept as null, and the done blocks stay', () => {
    const deep = `${'> '.repeat(70)}x`
    const { blocks } = stream(['# a\n', 'b\n', `\n${deep}`])
    expect(raws(blocks.committed)).toEqual(['# a\n'])
    expect(blocks.tail).toBeNull()
    expect(blocks.text.slice(blocks.committedLength)).toBe(`b\n\n${deep}`)
  })

  test('a link reference definition marks the blocks as not self-contained', () => {
    const { blocks } = stream(['[a]\n\n', '[a]: https://example.com\n\n', 'x\n'])
    expect(blocks.committed.map((t) => t.type)).toEqual(['paragraph', 'space', 'def', 'space'])
    expect(blocks.committedSelfContained).toBe(false)
  })
})

describe('openFence', () => {
  const open = (text: string) => {
    const { tokens } = lexMarkdown(text)!
    return openFence(tokens, text)
  }
  test.each([
    ['```ts\nconst a', true],
    ['```ts\nconst a\n', true],
    ['```ts\nconst a\n``', true],
    ['```ts\nconst a\n```', true],
    ['```ts\nconst a\n```\n', false],
    ['~~~~\nx\n~~~\n', true],
    ['~~~~\nx\n~~~~~  \n', false],
    ['```\n', true],
    ['- item\n\n  ```js\n  x\n', true],
    ['- item\n\n  ```js\n  x\n  ```\n', false],
    ['> ```\n> x\n', true],
    ['```\nx\n```\n\npara', false],
    ['text', false],
  ])('%j is open: %s', (text, expected) => {
    expect(open(text) !== null).toBe(expected)
  })
})

describe('for any markdown and any split into chunks', () => {
  test('done blocks never change, and done blocks + tail are the blocks of the text so far', () => {
    fc.assert(
      fc.property(streamedText, ({ text, chunks }) => {
        const { states } = stream(chunks)
        const final = raws(lexMarkdown(text)!.tokens)
        for (const state of states) {
          const committed = raws(state.committed)
          expect(final.slice(0, committed.length)).toEqual(committed)
          const whole = lexMarkdown(state.text)
          if (!whole || state.tail === null) continue
          expect([...state.committed, ...state.tail].map((t) => [t.type, t.raw])).toEqual(
            whole.tokens.map((t) => [t.type, t.raw]),
          )
        }
      }),
      { numRuns: 500 },
    )
  })
})
