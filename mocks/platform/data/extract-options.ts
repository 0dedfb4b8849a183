import { chunkText, DEFAULT_CHUNK_SIZE, MAX_CHUNK_SIZE, MIN_CHUNK_SIZE } from './text-chunks'

export type ExtractOptions = { chunking: boolean; chunkSize: number }
export type OptionsCheck = { ok: true; options: ExtractOptions } | { ok: false; message: string }

/**
 * Reads `chunking` and `chunkSize` as JSON gives them (boolean, number) or as a multipart form
 * gives them (the strings 'true'/'false' and digits).
 */
export function readExtractOptions(chunking: unknown, chunkSize: unknown): OptionsCheck {
  const flag = chunking === 'true' ? true : chunking === 'false' ? false : chunking
  if (flag !== undefined && flag !== null && typeof flag !== 'boolean') {
    return { ok: false, message: 'chunking must be a boolean' }
  }
  const size =
    typeof chunkSize === 'string' && /^\d+$/.test(chunkSize.trim()) ? Number(chunkSize) : chunkSize
  if (size !== undefined && size !== null && size !== '') {
    if (typeof size !== 'number' || !Number.isInteger(size)) {
      return { ok: false, message: 'chunkSize must be a whole number' }
    }
    if (size < MIN_CHUNK_SIZE || size > MAX_CHUNK_SIZE) {
      return {
        ok: false,
        message: `chunkSize must be between ${MIN_CHUNK_SIZE} and ${MAX_CHUNK_SIZE}`,
      }
    }
  }
  return {
    ok: true,
    options: {
      chunking: flag === true,
      chunkSize: typeof size === 'number' ? size : DEFAULT_CHUNK_SIZE,
    },
  }
}

/** The answer of both extract calls: `{ text }`, or `{ chunks }` when chunking. */
export function extractAnswer(text: string, options: ExtractOptions) {
  return options.chunking ? { chunks: chunkText(text, options.chunkSize) } : { text }
}
