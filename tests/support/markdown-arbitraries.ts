import fc from 'fast-check'

// Arbitraries for the streamed-markdown properties (tests/unit/ui/markdown-stream-blocks.test.ts,
// tests/component/markdown-streaming.test.tsx).

/** Markdown made of pieces that open, close and interrupt blocks. */
const PIECES = [
  'a',
  'b c',
  'word ',
  '*',
  '_',
  '**',
  '`',
  '```',
  '```ts',
  '~~~',
  '#',
  '# ',
  '## h',
  '-',
  '- ',
  '* ',
  '+ ',
  '1.',
  '1. ',
  '2) ',
  '>',
  '> ',
  '|',
  '| a |',
  '| - |',
  '---',
  '===',
  '[x]',
  '[x] ',
  '(https://e.com)',
  '<b>',
  '<div>',
  '<!--',
  '-->',
  '&amp;',
  '\\',
  '    ',
  '  ',
  '\t',
  '\n',
  '\n',
  '\n',
  '\n\n',
  '\n\n```js\nx\n```\n',
  '\n# t\n',
  '\n- x\n',
  '\r\n',
  '[x]: https://e.com\n',
  'www.e.com',
]
export const markdownText = fc
  .array(fc.constantFrom(...PIECES), { maxLength: 40 })
  .map((pieces) => pieces.join(''))
/** `text` cut at up to 12 places: the chunks, in order, that join to it. */
export const splits = (text: string) =>
  fc
    .uniqueArray(fc.integer({ min: 1, max: Math.max(1, text.length - 1) }), { maxLength: 12 })
    .map((cuts) => {
      const points = [0, ...cuts.filter((c) => c < text.length).sort((a, b) => a - b), text.length]
      return points.slice(1).map((end, i) => text.slice(points[i], end))
    })

/** Some markdown, and the chunks it arrives in. */
export const streamedText = markdownText.chain((text) =>
  splits(text).map((chunks) => ({ text, chunks })),
)
