import type { ChatResult } from '../domain/chat-types'
import { postJson } from './post-json'
import {
  MAX_OUTPUT_TOKENS,
  NO_RESPONSE_TEXT,
  type ProviderCall,
  TEMPERATURE,
} from './provider-call'
import { providerError } from './provider-error'
import {
  eventJson,
  readChatStream,
  type StreamReader,
  type StreamState,
  streamErrorMessage,
} from './read-stream'
import { readSuccess } from './read-success'
import { count, reportedModel, text } from './response-fields'
import { systemText } from './system-text'
import { googleParts } from './turn-content'

interface GoogleResponse {
  modelVersion?: unknown
  candidates?: { content?: { parts?: { text?: unknown }[] }; finishReason?: unknown }[]
  usageMetadata?: {
    promptTokenCount?: unknown
    candidatesTokenCount?: unknown
    totalTokenCount?: unknown
  }
  /** Only in a stream, when it fails after it started. */
  error?: unknown
}

const NO_CANDIDATES = 'No response generated from Google API'
const BLOCKED = 'Response blocked by safety filters'

/**
 * Google generateContent (docs/product/calls.md#provider-calls): the key rides in the query string, assistant turns are
 * 'model' turns, and system text goes to `systemInstruction` (joined by blank lines). With `onDelta`, streamed:
 * the same body to `:streamGenerateContent?alt=sse`.
 */
export async function sendGoogleChat(call: ProviderCall): Promise<ChatResult> {
  const system = systemText(call.messages)
  const { onDelta } = call
  const model = encodeURIComponent(call.model)
  const post = (stream: boolean) =>
    postJson(
      call.fetch,
      stream
        ? `${call.baseUrl}/v1beta/models/${model}:streamGenerateContent?${new URLSearchParams({ alt: 'sse', key: call.apiKey })}`
        : `${call.baseUrl}/v1beta/models/${model}:generateContent?${new URLSearchParams({ key: call.apiKey })}`,
      {},
      {
        contents: call.messages
          .filter((turn) => turn.role !== 'system')
          .map((turn) => ({
            role: turn.role === 'assistant' ? 'model' : 'user',
            parts: googleParts(turn),
          })),
        ...(system === undefined ? {} : { systemInstruction: { parts: [{ text: system }] } }),
        generationConfig: { maxOutputTokens: MAX_OUTPUT_TOKENS, temperature: TEMPERATURE },
      },
      call.signal,
    )
  if (onDelta)
    return readChatStream('Google', { ...call, onDelta }, () => post(true), streamReader())
  const response = await post(false)
  if (!response.ok) throw await providerError('Google', response)
  const data = await readSuccess<GoogleResponse>('Google', response)
  const candidate = data.candidates?.[0]
  if (!candidate) throw new Error(NO_CANDIDATES)
  if (candidate.finishReason === 'SAFETY') throw new Error(BLOCKED)
  return {
    content: text(candidate.content?.parts?.[0]?.text) ?? NO_RESPONSE_TEXT,
    model: reportedModel(data.modelVersion, call.model),
    usage: usageOf(data, { promptTokens: 0, completionTokens: 0, totalTokens: 0 }),
  }
}

function usageOf(data: GoogleResponse, before: StreamState['usage']): StreamState['usage'] {
  const metadata = data.usageMetadata
  if (!metadata) return before
  return {
    promptTokens: count(metadata.promptTokenCount),
    completionTokens: count(metadata.candidatesTokenCount),
    totalTokens: count(metadata.totalTokenCount),
  }
}

/**
 * Each `data:` event is a whole GenerateContentResponse holding the next piece: the text of
 * every part of the first candidate, its `finishReason` on the last, `usageMetadata` (the
 * counts so far; the last one is final). A `SAFETY` finish, a stream with no candidate at all
 * and an `{ error }` event end the call.
 */
function streamReader(): StreamReader {
  let sawCandidate = false
  return {
    onEvent(event, state, append) {
      const data = eventJson('Google', event) as GoogleResponse | null
      if (data?.error) throw new Error(streamErrorMessage('Google', data))
      if (typeof data?.modelVersion === 'string' && data.modelVersion) {
        state.model = data.modelVersion
      }
      if (data) state.usage = usageOf(data, state.usage)
      const candidate = data?.candidates?.[0]
      if (!candidate) return
      sawCandidate = true
      for (const part of candidate.content?.parts ?? []) append(text(part?.text) ?? '')
      if (candidate.finishReason === 'SAFETY') throw new Error(BLOCKED)
    },
    onEnd() {
      if (!sawCandidate) throw new Error(NO_CANDIDATES)
    },
  }
}
