import type { ChatResult } from '../domain/chat-types'
import { MAX_OUTPUT_TOKENS, NO_RESPONSE_TEXT, type ProviderCall, TEMPERATURE } from './chat-types'
import { postJson } from './post-json'
import { providerError } from './provider-error'
import { readSuccess } from './read-success'
import { count, reportedModel, text } from './response-fields'
import { systemText } from './system-text'

export const ANTHROPIC_VERSION = '2023-06-01'

interface AnthropicResponse {
  model?: unknown
  content?: { text?: unknown }[]
  usage?: { input_tokens?: unknown; output_tokens?: unknown }
}

/**
 * Anthropic messages (docs/product/calls.md#provider-calls). System turns move to the top-level `system` field, joined by
 * blank lines; the API has no system role in `messages`.
 */
export async function sendAnthropicChat(call: ProviderCall): Promise<ChatResult> {
  const system = systemText(call.messages)
  const response = await postJson(
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
        .map(({ role, content }) => ({
          role: role === 'assistant' ? 'assistant' : 'user',
          content,
        })),
      max_tokens: MAX_OUTPUT_TOKENS,
      temperature: TEMPERATURE,
    },
    call.signal,
  )
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
