import type { ChatResult } from '../domain/chat-types'
import { MAX_OUTPUT_TOKENS, NO_RESPONSE_TEXT, type ProviderCall, TEMPERATURE } from './chat-types'
import { postJson } from './post-json'
import { providerError } from './provider-error'
import { readSuccess } from './read-success'
import { count, reportedModel, text } from './response-fields'

interface OpenAIResponse {
  model?: unknown
  choices?: { message?: { content?: unknown } }[]
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown; total_tokens?: unknown }
}

/** OpenAI chat completions (docs/product/calls.md#provider-calls): bearer key, system turns stay in `messages`. */
export async function sendOpenAIChat(call: ProviderCall): Promise<ChatResult> {
  const response = await postJson(
    call.fetch,
    `${call.baseUrl}/v1/chat/completions`,
    { Authorization: `Bearer ${call.apiKey}` },
    {
      model: call.model,
      messages: call.messages.map(({ role, content }) => ({ role, content })),
      max_tokens: MAX_OUTPUT_TOKENS,
      temperature: TEMPERATURE,
    },
    call.signal,
  )
  if (!response.ok) throw await providerError('OpenAI', response)
  const data = await readSuccess<OpenAIResponse>('OpenAI', response)
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
