import type { ChatResult } from '../domain/chat-types'
import { postJson } from './post-json'
import {
  MAX_OUTPUT_TOKENS,
  NO_RESPONSE_TEXT,
  type ProviderCall,
  TEMPERATURE,
} from './provider-call'
import { providerError } from './provider-error'
import { eventJson, readChatStream, type StreamReader, streamErrorMessage } from './read-stream'
import { readSuccess } from './read-success'
import { count, reportedModel, text } from './response-fields'
import { systemText } from './system-text'
import { anthropicContent } from './turn-content'

export const ANTHROPIC_VERSION = '2023-06-01'

interface AnthropicUsage {
  input_tokens?: unknown
  output_tokens?: unknown
}

interface AnthropicResponse {
  model?: unknown
  content?: { text?: unknown }[]
  usage?: AnthropicUsage
}

/** The data of one streamed event; which fields it has depends on its type. */
interface AnthropicEvent {
  type?: unknown
  message?: { model?: unknown; usage?: AnthropicUsage }
  delta?: { type?: unknown; text?: unknown }
  usage?: AnthropicUsage
  error?: unknown
}

/**
 * Anthropic messages (docs/product/calls.md#provider-calls). System turns move to the top-level `system` field, joined by
 * blank lines; the API has no system role in `messages`. With `onDelta`, streamed (`stream: true`).
 */
export async function sendAnthropicChat(call: ProviderCall): Promise<ChatResult> {
  const system = systemText(call.messages)
  const { onDelta } = call
  const post = (stream: boolean) =>
    postJson(
      call.fetch,
      `${call.baseUrl}/v1/messages`,
      {
        'x-api-key': call.apiKey,
        'anthropic-version': ANTHROPIC_VERSION,
        // Without it the API refuses requests that come from a browser page (CORS).
        'anthropic-dangerous-direct-browser-access': 'true',
      },
      {
        model: call.model,
        ...(system === undefined ? {} : { system }),
        messages: call.messages
          .filter((turn) => turn.role !== 'system')
          .map((turn) => ({
            role: turn.role === 'assistant' ? 'assistant' : 'user',
            content: anthropicContent(turn),
          })),
        max_tokens: MAX_OUTPUT_TOKENS,
        temperature: TEMPERATURE,
        ...(stream ? { stream: true } : {}),
      },
      call.signal,
    )
  if (onDelta) {
    return readChatStream('Anthropic', { ...call, onDelta }, () => post(true), streamReader)
  }
  const response = await post(false)
  if (!response.ok) throw await providerError('Anthropic', response)
  const data = await readSuccess<AnthropicResponse>('Anthropic', response)
  const promptTokens = count(data.usage?.input_tokens)
  const completionTokens = count(data.usage?.output_tokens)
  return {
    content: text(data.content?.[0]?.text) ?? NO_RESPONSE_TEXT,
    model: reportedModel(data.model, call.model),
    usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens },
  }
}

/**
 * `message_start` (model, input tokens), `content_block_delta` with a `text_delta`,
 * `message_delta` (the output tokens so far, the stop reason), `message_stop`; `ping` and the
 * content block start/stop events carry nothing we read. An `error` event ends the call.
 */
const streamReader: StreamReader = {
  onEvent(event, state, append) {
    const data = eventJson('Anthropic', event) as AnthropicEvent | null
    const type = event.event ?? data?.type
    const setUsage = (usage: AnthropicUsage | undefined) => {
      if (!usage) return
      const promptTokens =
        usage.input_tokens === undefined ? state.usage.promptTokens : count(usage.input_tokens)
      const completionTokens =
        usage.output_tokens === undefined
          ? state.usage.completionTokens
          : count(usage.output_tokens)
      state.usage = { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens }
    }
    switch (type) {
      case 'message_start':
        if (typeof data?.message?.model === 'string' && data.message.model) {
          state.model = data.message.model
        }
        setUsage(data?.message?.usage)
        return
      case 'content_block_delta':
        if (data?.delta?.type === 'text_delta') append(text(data.delta.text) ?? '')
        return
      case 'message_delta':
        setUsage(data?.usage)
        return
      case 'error':
        throw new Error(streamErrorMessage('Anthropic', data))
    }
  },
}
