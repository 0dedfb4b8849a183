import type { TokenUsage } from '../../../contract/ai-text'

/** What one line of the AI text stream means (contract/ai-text.ts). */
export type StreamEvent =
  | { type: 'start'; messageId: string }
  | { type: 'text'; text: string }
  | { type: 'data'; data: unknown[] }
  | { type: 'finish'; finishReason: string; usage: TokenUsage }
  | { type: 'error'; message: string }
  /** A line with a prefix this SDK does not know: kept, so newer servers do not break it. */
  | { type: 'unknown'; code: string; value: unknown }
  /** A line that is not `<code>:<json>`, or whose value has the wrong shape. */
  | { type: 'malformed'; line: string }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0)

function usageOf(value: unknown): TokenUsage {
  const usage = isRecord(value) ? value : {}
  const promptTokens = count(usage.promptTokens ?? usage.prompt_tokens)
  const completionTokens = count(usage.completionTokens ?? usage.completion_tokens)
  const total = usage.totalTokens ?? usage.total_tokens
  return {
    promptTokens,
    completionTokens,
    totalTokens: typeof total === 'number' ? total : promptTokens + completionTokens,
  }
}

/** One complete line (without its newline) → its event; blank lines mean nothing. */
export function parseStreamLine(line: string): StreamEvent | null {
  if (!line.trim()) return null
  const colon = line.indexOf(':')
  if (colon <= 0) return { type: 'malformed', line }
  const code = line.slice(0, colon)
  let value: unknown
  try {
    value = JSON.parse(line.slice(colon + 1))
  } catch {
    return { type: 'malformed', line }
  }
  switch (code) {
    case 'f':
      return isRecord(value) && typeof value.messageId === 'string'
        ? { type: 'start', messageId: value.messageId }
        : { type: 'malformed', line }
    case '0':
      return typeof value === 'string' ? { type: 'text', text: value } : { type: 'malformed', line }
    case '2':
      return Array.isArray(value) ? { type: 'data', data: value } : { type: 'malformed', line }
    case 'd':
      return isRecord(value)
        ? {
            type: 'finish',
            finishReason: typeof value.finishReason === 'string' ? value.finishReason : 'unknown',
            usage: usageOf(value.usage),
          }
        : { type: 'malformed', line }
    case 'e':
    case '3': {
      // `e:` is this platform's error line; `3:` is the Vercel data stream's, accepted too.
      const message = isRecord(value) ? (value.error ?? value.message) : value
      return {
        type: 'error',
        message: typeof message === 'string' && message ? message : 'Stream error',
      }
    }
    default:
      return { type: 'unknown', code, value }
  }
}

/**
 * An incremental parser of the AI text stream: feed it the body's bytes as they arrive, split
 * anywhere (inside a line, its prefix or a multi-byte character), and it returns the events of
 * every line completed so far; `end()` flushes the last line. Pure apart from its own buffer.
 */
export function createStreamParser() {
  const decoder = new TextDecoder('utf-8')
  let pending = ''

  function linesOf(text: string): StreamEvent[] {
    pending += text
    const events: StreamEvent[] = []
    let newline = pending.indexOf('\n')
    while (newline !== -1) {
      const event = parseStreamLine(pending.slice(0, newline).replace(/\r$/, ''))
      if (event) events.push(event)
      pending = pending.slice(newline + 1)
      newline = pending.indexOf('\n')
    }
    return events
  }

  return {
    push(chunk: Uint8Array | string): StreamEvent[] {
      return linesOf(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }))
    },
    end(): StreamEvent[] {
      const events = linesOf(decoder.decode())
      const last = parseStreamLine(pending.replace(/\r$/, ''))
      pending = ''
      return last ? [...events, last] : events
    },
  }
}
