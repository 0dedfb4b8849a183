import type { ChatResult } from '../domain/chat-types'
import { MAX_OUTPUT_TOKENS, NO_RESPONSE_TEXT, type ProviderCall, TEMPERATURE } from './chat-types'
import { postJson } from './post-json'
import { providerError } from './provider-error'
import { readSuccess } from './read-success'
import { count, reportedModel, text } from './response-fields'
import { systemText } from './system-text'

interface GoogleResponse {
  modelVersion?: unknown
  candidates?: { content?: { parts?: { text?: unknown }[] }; finishReason?: unknown }[]
  usageMetadata?: {
    promptTokenCount?: unknown
    candidatesTokenCount?: unknown
    totalTokenCount?: unknown
  }
}

/**
 * Google generateContent (docs/product/calls.md#provider-calls): the key rides in the query string, assistant turns are
 * 'model' turns, and system text goes to `systemInstruction` (joined by blank lines).
 */
export async function sendGoogleChat(call: ProviderCall): Promise<ChatResult> {
  const system = systemText(call.messages)
  const url = `${call.baseUrl}/v1beta/models/${encodeURIComponent(call.model)}:generateContent?${new URLSearchParams({ key: call.apiKey })}`
  const response = await postJson(
    call.fetch,
    url,
    {},
    {
      contents: call.messages
        .filter((turn) => turn.role !== 'system')
        .map(({ role, content }) => ({
          role: role === 'assistant' ? 'model' : 'user',
          parts: [{ text: content }],
        })),
      ...(system === undefined ? {} : { systemInstruction: { parts: [{ text: system }] } }),
      generationConfig: { maxOutputTokens: MAX_OUTPUT_TOKENS, temperature: TEMPERATURE },
    },
    call.signal,
  )
  if (!response.ok) throw await providerError('Google', response)
  const data = await readSuccess<GoogleResponse>('Google', response)
  const candidate = data.candidates?.[0]
  if (!candidate) throw new Error('No response generated from Google API')
  if (candidate.finishReason === 'SAFETY') throw new Error('Response blocked by safety filters')
  return {
    content: text(candidate.content?.parts?.[0]?.text) ?? NO_RESPONSE_TEXT,
    model: reportedModel(data.modelVersion, call.model),
    usage: {
      promptTokens: count(data.usageMetadata?.promptTokenCount),
      completionTokens: count(data.usageMetadata?.candidatesTokenCount),
      totalTokens: count(data.usageMetadata?.totalTokenCount),
    },
  }
}
