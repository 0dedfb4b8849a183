import { createParser, type EventSourceMessage } from 'eventsource-parser'
import type { ChatResult, ChatUsage } from '../domain/chat-types'
import { NO_RESPONSE_TEXT, type ProviderCall } from './provider-call'
import { errorBodyMessage, type ProviderLabel, providerError } from './provider-error'
import { ChatStreamAbortError, ChatStreamError } from './stream-errors'

/** What a streamed answer has added up to so far. */
export interface StreamState {
  text: string
  /** The model the provider reported, if it did. */
  model: string | undefined
  usage: ChatUsage
}

/** One provider's reading of its events; it throws the user-visible message when one reports a failure. */
export interface StreamReader {
  /** One server-sent event, in order. `append` adds reply text (empty text is ignored). */
  onEvent(event: EventSourceMessage, state: StreamState, append: (text: string) => void): void
  /** After the last event of a stream that ended normally: a last check (e.g. Google's no candidates). */
  onEnd?(state: StreamState): void
}

const zeroUsage = (): ChatUsage => ({ promptTokens: 0, completionTokens: 0, totalTokens: 0 })

/**
 * Sends a streaming request and reads its server-sent events (parsed by eventsource-parser,
 * UTF-8 decoded across chunk boundaries) into the usual ChatResult, calling `onDelta` with
 * each piece of text as it arrives. Failures: see stream-errors.ts.
 */
export async function readChatStream(
  label: ProviderLabel,
  call: ProviderCall & { onDelta: (text: string) => void },
  post: () => Promise<Response>,
  reader: StreamReader,
): Promise<ChatResult> {
  const state: StreamState = { text: '', model: undefined, usage: zeroUsage() }
  const { signal } = call
  const aborted = () => new ChatStreamAbortError(state.text, { ...state.usage }, signal?.reason)

  let response: Response
  try {
    response = await post()
  } catch (error) {
    if (signal?.aborted) throw aborted()
    throw error
  }
  if (!response.ok) throw await providerError(label, response)
  const contentType = response.headers.get('content-type') ?? ''
  if (!response.body || !contentType.startsWith('text/event-stream')) {
    await response.body?.cancel().catch(() => {})
    throw new Error(`${label} API error: Unknown error`)
  }

  const body = response.body.getReader()
  // Cancelling resolves a pending read, whatever the fetch implementation does with the signal.
  const onAbort = () => void body.cancel(signal?.reason).catch(() => {})
  signal?.addEventListener('abort', onAbort, { once: true })
  const append = (text: string) => {
    if (!text || signal?.aborted) return
    state.text += text
    call.onDelta(text)
  }
  let failure: unknown
  const parser = createParser({
    onEvent: (event) => {
      if (failure === undefined) {
        try {
          reader.onEvent(event, state, append)
        } catch (error) {
          failure = error
        }
      }
    },
  })
  const decoder = new TextDecoder()
  const fail = (error: unknown) =>
    new ChatStreamError(
      error instanceof Error ? error.message : String(error),
      state.text,
      { ...state.usage },
      { cause: error },
    )
  try {
    if (signal?.aborted) throw aborted()
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>
      try {
        chunk = await body.read()
      } catch (error) {
        if (signal?.aborted) throw aborted()
        throw fail(new Error(`${label} API error: ${messageOf(error)}`))
      }
      if (signal?.aborted) throw aborted()
      if (chunk.done) break
      parser.feed(decoder.decode(chunk.value, { stream: true }))
      if (failure !== undefined) throw fail(failure)
    }
    parser.feed(decoder.decode())
    if (failure !== undefined) throw fail(failure)
    try {
      reader.onEnd?.(state)
    } catch (error) {
      throw fail(error)
    }
  } catch (error) {
    await body.cancel().catch(() => {})
    throw error
  } finally {
    signal?.removeEventListener('abort', onAbort)
  }
  return {
    content: state.text || NO_RESPONSE_TEXT,
    model: state.model ?? call.model,
    usage: state.usage,
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Unknown error'
}

/** The JSON of one event's data, or the provider's 'Unknown error' when it is not JSON. */
export function eventJson(label: ProviderLabel, event: EventSourceMessage): unknown {
  try {
    return JSON.parse(event.data)
  } catch {
    throw new Error(`${label} API error: Unknown error`)
  }
}

/** '{Provider} API error: {message}' for an error event, 'Unknown error' when it has no message. */
export function streamErrorMessage(label: ProviderLabel, data: unknown): string {
  return `${label} API error: ${errorBodyMessage(data) ?? 'Unknown error'}`
}
