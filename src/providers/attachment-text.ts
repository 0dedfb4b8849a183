import type { AttachmentContent } from '../domain/attachments'

/**
 * A user turn's text as a provider is sent it (docs/product/attachments.md): the message's own
 * text, then each text file in order as its name on a line of its own and its text in a fenced
 * block, all separated by blank lines:
 *
 *     Summarise this
 *
 *     notes.md
 *     ```
 *     line one
 *     ```
 *
 * The fence is three backticks, or one more than the longest run of backticks in the file, so
 * no line of the file can close it; the file's text goes in unchanged between the two fence
 * lines. A name's line breaks become spaces (it must stay one line) and an empty name is
 * `untitled`. Without text files the content is returned as it is. The provider fakes read
 * the blocks back (mocks/providers/fenced-files.ts).
 */
export function textWithFiles(
  content: string,
  attachments: readonly AttachmentContent[] = [],
): string {
  const files = attachments.flatMap((file) => (file.kind === 'text' ? [fencedFile(file)] : []))
  if (files.length === 0) return content
  return (content ? [content, ...files] : files).join('\n\n')
}

function fencedFile(file: { name: string; text: string }): string {
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(file.text) + 1))
  return `${fileLine(file.name)}\n${fence}\n${file.text}\n${fence}`
}

function fileLine(name: string): string {
  return name.replace(/\r\n|[\r\n]/g, ' ') || 'untitled'
}

function longestBacktickRun(text: string): number {
  let longest = 0
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length)
  return longest
}
