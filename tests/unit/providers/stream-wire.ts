import type { ChatUsage, ProviderName } from '../../../src/domain/chat-types'

/** A streamed answer written out by hand in one provider's wire format, and what it means. */
export interface WireStream {
  /** The whole body, as the provider would send it. */
  wire: string
  /** The reply text pieces, in order (empty ones included: the adapter must skip them). */
  pieces: string[]
  model: string
  usage: ChatUsage
}

const json = JSON.stringify

/**
 * A valid stream of `pieces` for `provider`, with usage only at the end (OpenAI, Google) or
 * split between start and end (Anthropic), and a few of each format's extras: keep-alive
 * comments, an event whose JSON runs over two `data:` lines, Google's CRLF line ends.
 */
export function wireStream(provider: ProviderName, pieces: string[]): WireStream {
  const usage = { promptTokens: 11, completionTokens: 7, totalTokens: 18 }
  switch (provider) {
    case 'openai': {
      const chunk = (rest: object) =>
        `data: ${json({ id: 'c1', object: 'chat.completion.chunk', model: 'gpt-4o-2024', ...rest })}\n\n`
      const wire = [
        ': keep-alive\n\n',
        chunk({ choices: [{ index: 0, delta: { role: 'assistant', content: '' } }], usage: null }),
        ...pieces.map((content) =>
          chunk({ choices: [{ index: 0, delta: { content } }], usage: null }),
        ),
        // One event whose JSON is spread over two data lines (the parser joins them with \n).
        `data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}],\ndata: "usage":null}\n\n`,
        chunk({
          choices: [],
          usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 },
        }),
        'data: [DONE]\n\n',
      ].join('')
      return { wire, pieces, model: 'gpt-4o-2024', usage }
    }
    case 'anthropic': {
      const event = (type: string, data: object) =>
        `event: ${type}\ndata: ${json({ type, ...data })}\n\n`
      const wire = [
        event('message_start', {
          message: { model: 'claude-x-1', usage: { input_tokens: 11, output_tokens: 1 } },
        }),
        event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
        event('ping', {}),
        ...pieces.map((text) =>
          event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } }),
        ),
        event('content_block_stop', { index: 0 }),
        event('message_delta', {
          delta: { stop_reason: 'end_turn', stop_sequence: null },
          usage: { output_tokens: 7 },
        }),
        event('message_stop', {}),
      ].join('')
      return { wire, pieces, model: 'claude-x-1', usage }
    }
    case 'google': {
      const event = (data: object) => `data: ${json(data)}\r\n\r\n`
      const partial = { promptTokenCount: 11, totalTokenCount: 11 }
      const wire = [
        ...pieces.map((text) =>
          event({
            candidates: [{ content: { parts: [{ text }], role: 'model' }, index: 0 }],
            usageMetadata: partial,
            modelVersion: 'gemini-x-002',
          }),
        ),
        event({
          candidates: [{ content: { parts: [], role: 'model' }, finishReason: 'STOP', index: 0 }],
          usageMetadata: { promptTokenCount: 11, candidatesTokenCount: 7, totalTokenCount: 18 },
          modelVersion: 'gemini-x-002',
        }),
      ].join('')
      return { wire, pieces, model: 'gemini-x-002', usage }
    }
  }
}

/** The provider's error event, as it arrives in the middle of a stream, and the message it gives. */
export function wireError(provider: ProviderName): { wire: string; message: string } {
  switch (provider) {
    case 'openai':
      return {
        wire: `data: ${json({ error: { message: 'Boom', type: 'server_error' } })}\n\n`,
        message: 'OpenAI API error: Boom',
      }
    case 'anthropic':
      return {
        wire: `event: error\ndata: ${json({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })}\n\n`,
        message: 'Anthropic API error: Overloaded',
      }
    case 'google':
      return {
        wire: `data: ${json({ error: { code: 500, message: 'Internal', status: 'INTERNAL' } })}\r\n\r\n`,
        message: 'Google API error: Internal',
      }
  }
}

/**
 * A fetch that answers a `text/event-stream` body of these byte chunks, one per read, then
 * (with `hang`) nothing more until the request's signal aborts.
 */
export function streamingFetch(chunks: Uint8Array[], options: { hang?: boolean } = {}) {
  const requests: { url: string; init: RequestInit | undefined }[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), init })
    init?.signal?.throwIfAborted()
    let index = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks[index++]
        if (chunk) return controller.enqueue(chunk)
        if (!options.hang) return controller.close()
        // Never settles: the caller has to give up.
        return new Promise<void>(() => {})
      },
    })
    return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } })
  }
  return { fetch, requests }
}

/** `bytes` cut at the given offsets (sorted, duplicates allowed: they give empty chunks). */
export function splitAt(bytes: Uint8Array, offsets: number[]): Uint8Array[] {
  const cuts = [0, ...[...offsets].sort((a, b) => a - b), bytes.length]
  return cuts.slice(1).map((end, index) => bytes.slice(cuts[index], end))
}

export const encode = (text: string) => new TextEncoder().encode(text)
