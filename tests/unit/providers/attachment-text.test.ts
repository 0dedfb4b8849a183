import { describe, expect, test } from 'vitest'
import { splitFencedFiles } from '../../../mocks/providers/fenced-files'
import type { AttachmentContent } from '../../../src/domain/attachments'
import { textWithFiles } from '../../../src/providers/attachment-text'

const text = (name: string, body: string): AttachmentContent => ({ kind: 'text', name, text: body })
const image: AttachmentContent = { kind: 'image', name: 'a.png', mediaType: 'image/png', data: '' }

describe('textWithFiles', () => {
  test('is the content unchanged without text files', () => {
    expect(textWithFiles('Hi')).toBe('Hi')
    expect(textWithFiles('Hi\n\n', [])).toBe('Hi\n\n')
    expect(textWithFiles('', [image])).toBe('')
    expect(textWithFiles('Hi', [image])).toBe('Hi')
  })

  test('appends each text file, in order, as a named fenced block after a blank line', () => {
    expect(
      textWithFiles('Summarise this', [text('notes.md', 'line one'), image, text('b', 'x\n')]),
    ).toBe(`Summarise this

notes.md
\`\`\`
line one
\`\`\`

b
\`\`\`
x

\`\`\``)
  })

  test('starts with the first file when the message has no text', () => {
    expect(textWithFiles('', [text('a.txt', '')])).toBe('a.txt\n```\n\n```')
  })

  test('makes the fence one longer than the longest run of backticks in the file', () => {
    expect(textWithFiles('', [text('a', 'a `b` c')])).toBe('a\n```\na `b` c\n```')
    expect(textWithFiles('', [text('a', '```ts\nx\n```')])).toBe('a\n````\n```ts\nx\n```\n````')
    expect(textWithFiles('', [text('a', 'x ````` y')])).toBe('a\n``````\nx ````` y\n``````')
  })

  test('keeps a name on one line, and names a nameless file', () => {
    expect(textWithFiles('', [text('a\nb\r\nc', '1')])).toBe('a b c\n```\n1\n```')
    expect(textWithFiles('', [text('', '1')])).toBe('untitled\n```\n1\n```')
  })
})

// The fakes read the blocks back with their own parser (mocks may not import src/).
describe('splitFencedFiles reads what textWithFiles writes', () => {
  test.each([
    ['Summarise this', [text('notes.md', 'line one')]],
    ['', [text('a', ''), text('b', '```'), text('c', '\n\n')]],
    ['ends with a line break\n', [text('x.ts', '````\n`')]],
    ['', [text('```', 'name of backticks')]],
  ])('%j', (content, files) => {
    expect(splitFencedFiles(textWithFiles(content, files))).toEqual({
      text: content,
      files: files.map((file) => ({ name: file.name, text: (file as { text: string }).text })),
    })
  })

  test('finds no file in a message without blocks', () => {
    for (const message of ['Hi', '', '```\ncode\n```', 'a\n```\nb', 'x\n\n\n```\ny\n```']) {
      expect(splitFencedFiles(message)).toEqual({ text: message, files: [] })
    }
  })

  test('refuses a block whose text holds a run as long as its fence', () => {
    expect(splitFencedFiles('a\n```\nx ``` y\n```').files).toEqual([])
  })
})
