import type { ChatResult } from '../domain/chat-types'
import { postJson } from './post-json'
import {
  MAX_OUTPUT_TOKENS,
  NO_RESPONSE_TEXT,
  type ProviderCall,
  TEMPERATURE,
} from './provider-call'
import { type ProviderLabel, providerError } from './provider-error'
import { eventJson, readChatStream, type StreamReader, streamErrorMessage } from './read-stream'
import { readSuccess } from './read-success'
import { count, reportedModel, text } from './response-fields'
import { openAIContent } from './turn-content'

interface OpenAIResponse {
  model?: unknown
  choices?: { message?: { content?: unknown } }[]
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown; total_tokens?: unknown }
}

/** One `data:` chunk of a streamed completion (or an error reported mid-stream). */
interface OpenAIChunk {
  model?: unknown
  choices?: { delta?: { content?: unknown } }[]
  usage?: OpenAIResponse['usage'] | null
  error?: unknown
}

/**
 * OpenAI chat completions (docs/product/calls.md#provider-calls): bearer key, system turns stay in `messages`.
 * With `onDelta`, streamed (`stream: true`, usage asked for in a last chunk). An OpenAI-compatible
 * server is called the same way at its own base, named by `call.label`, and without a key
 * sends no Authorization header.
 */
export async function sendOpenAIChat(call: ProviderCall): Promise<ChatResult> {
  const { onDelta } = call
  const label = call.label || 'OpenAI'
  const post = (stream: boolean) =>
    postJson(
      call.fetch,
      `${call.baseUrl}/v1/chat/completions`,
      call.apiKey ? { Authorization: `Bearer ${call.apiKey}` } : {},
      {
        model: call.model,
        messages: call.messages.map((turn) => ({ role: turn.role, content: openAIContent(turn) })),
        max_tokens: MAX_OUTPUT_TOKENS,
        temperature: TEMPERATURE,
        ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
      },
      call.signal,
    )
  if (onDelta) {
    return readChatStream(label, { ...call, onDelta }, () => post(true), streamReader(label))
  }
  const response = await post(false)
  if (!response.ok) throw await providerError(label, response)
  const data = await readSuccess<OpenAIResponse>(label, response)
  return {
    content: text(data.choices?.[0]?.message?.content) ?? NO_RESPONSE_TEXT,
    model: reportedModel(data.model, call.model),
    usage: {
      promptTokens: count(data.usage?.prompt_tokens),
      completionTokens: count(data.usage?.completion_tokens),
      totalTokens: count(data.usage?.total_tokens),
    },
  }
}

/**
 * `data:` chunks with `choices[0].delta.content`; with `include_usage` a last chunk without
 * choices carries `usage`; `data: [DONE]` ends it. An error mid-stream comes as `{ error }`.
 */
const streamReader = (label: ProviderLabel): StreamReader => ({
  onEvent(event, state, append) {
    if (event.data === '[DONE]') return
    const chunk = eventJson(label, event) as OpenAIChunk | null
    if (chunk?.error) throw new Error(streamErrorMessage(label, chunk))
    if (typeof chunk?.model === 'string' && chunk.model) state.model = chunk.model
    append(text(chunk?.choices?.[0]?.delta?.content) ?? '')
    if (chunk?.usage) {
      state.usage = {
        promptTokens: count(chunk.usage.prompt_tokens),
        completionTokens: count(chunk.usage.completion_tokens),
        totalTokens: count(chunk.usage.total_tokens),
      }
    }
  },
})
