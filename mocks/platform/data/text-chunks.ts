/** docs/product/calls.md#platform-calls extract calls: `chunking` splits the text into pieces of at most `chunkSize`. */
export const DEFAULT_CHUNK_SIZE = 1000
export const MIN_CHUNK_SIZE = 50
export const MAX_CHUNK_SIZE = 100_000

/**
 * Splits `text` into chunks of at most `size` characters, breaking between words (a word
 * longer than a chunk is cut). Whitespace between words collapses to one space, or one line
 * break where there was one, so no chunk starts or ends with whitespace and no word is lost.
 */
export function chunkText(text: string, size: number): string[] {
  const chunks: string[] = []
  let current = ''
  let separator = ' '
  const push = () => {
    if (current) chunks.push(current)
    current = ''
  }
  for (const match of text.matchAll(/(\S+)(\s*)/g)) {
    let word = match[1] ?? ''
    while (word.length > size) {
      push()
      chunks.push(word.slice(0, size))
      word = word.slice(size)
    }
    if (word) {
      if (current && current.length + separator.length + word.length > size) push()
      current = current ? `${current}${separator}${word}` : word
    }
    separator = (match[2] ?? '').includes('\n') ? '\n' : ' '
  }
  push()
  return chunks
}
