/** A text file as the adapters fold it into a user turn's text. */
export interface FencedFile {
  name: string
  text: string
}

/**
 * Splits a user turn's text into the message's own text and the text files after it, read
 * back from the adapters' format (src/providers/attachment-text.ts, which mocks may not
 * import; tests hold the two to each other): blank-line separated blocks at the end, each a
 * name line, a fence of three or more backticks, the file's text, and the same fence, with no
 * run of backticks as long as the fence inside. Blocks are peeled off from the end, so a
 * message that itself ends in such a block reads as having a file: the wire cannot tell.
 */
export function splitFencedFiles(message: string): { text: string; files: FencedFile[] } {
  const files: FencedFile[] = []
  let rest = message
  for (let block = lastBlock(rest); block; block = lastBlock(rest)) {
    files.unshift(block.file)
    rest = block.before
  }
  return { text: rest, files }
}

/** The last block of `text` and what comes before it (its separating blank line dropped). */
function lastBlock(text: string): { file: FencedFile; before: string } | undefined {
  const fence = /\n(`{3,})$/.exec(text)?.[1]
  if (!fence) return undefined
  const closing = text.length - fence.length - 1
  const opening = text.lastIndexOf(`\n${fence}\n`, closing - 1)
  // The opening fence line, then a line break of its own before the closing one.
  if (opening <= 0 || opening + fence.length + 2 > closing) return undefined
  const fileText = text.slice(opening + fence.length + 2, closing)
  if (fileText.includes(fence)) return undefined
  const nameStart = text.lastIndexOf('\n', opening - 1) + 1
  const name = text.slice(nameStart, opening)
  if (!name) return undefined
  if (nameStart === 0) return { file: { name, text: fileText }, before: '' }
  if (nameStart < 2 || text[nameStart - 2] !== '\n') return undefined
  return { file: { name, text: fileText }, before: text.slice(0, nameStart - 2) }
}
