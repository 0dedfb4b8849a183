import { createProviderFakes } from '../../mocks/providers/create-provider-fakes'
import type { FakeProviderName } from '../../mocks/providers/fake-types'
import { jpeg, png, toBase64 } from './tiny-images'

/**
 * Requests straight to the provider fakes (no adapter in between) whose last user turn holds
 * the multimodal content under test, for tests of what the fakes accept and refuse.
 */
const fakes = createProviderFakes({ sleep: async () => {}, now: () => 0 })

export const PNG = toBase64(png(4, 2))
export const JPEG = toBase64(jpeg(8, 8))

/** One valid request whose last user turn has `content` (OpenAI, Anthropic) or `parts` (Google). */
export async function send(provider: FakeProviderName, content: unknown, before: unknown[] = []) {
  const post = (url: string, headers: Record<string, string>, body: unknown) =>
    fakes[provider](
      new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    )
  const settings = { max_tokens: 1000, temperature: 0.7 }
  const messages = [...before, { role: 'user', content }]
  const response =
    provider === 'openai'
      ? await post(
          'https://api.openai.com/v1/chat/completions',
          { authorization: 'Bearer sk-test-1' },
          { model: 'gpt-4o', messages, ...settings },
        )
      : provider === 'anthropic'
        ? await post(
            'https://api.anthropic.com/v1/messages',
            {
              'x-api-key': 'sk-ant-test-1',
              'anthropic-version': '2023-06-01',
              'anthropic-dangerous-direct-browser-access': 'true',
            },
            { model: 'claude-sonnet-4-5', messages, ...settings },
          )
        : await post(
            'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-pro:generateContent?key=AIza-test-1',
            {},
            {
              contents: [...before, { role: 'user', parts: content }],
              generationConfig: { maxOutputTokens: 1000, temperature: 0.7 },
            },
          )
  const body = await response.json()
  return { status: response.status, body, error: body.error?.message as string | undefined }
}

/** The reply text out of each provider's success shape. */
// biome-ignore lint/suspicious/noExplicitAny: the three providers' JSON bodies
export function reply(body: any): string {
  return (
    body.choices?.[0].message.content ??
    body.content?.[0].text ??
    body.candidates[0].content.parts[0].text
  )
}

export const openAIImage = (url: string) => ({ type: 'image_url', image_url: { url } })
export const anthropicImage = (media_type: string, data: string) => ({
  type: 'image',
  source: { type: 'base64', media_type, data },
})
