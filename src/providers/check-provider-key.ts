import * as v from 'valibot'
import type { ProviderName } from '../domain/chat-types'
import { type KeyCheck, keyCheckOf } from '../domain/key-check'
import { ANTHROPIC_VERSION } from './anthropic'
import { openAIModelIds, requestModelList } from './list-models'

export interface KeyCheckRequest {
  provider: ProviderName
  apiKey: string
  /** The provider's base URL (the fakes' in tests and e2e); no trailing slash needed. */
  baseUrl: string
  fetch?: typeof fetch
  timeoutMs?: number
}

/** Anthropic's model list: `{ data: [{ type: 'model', id, display_name, created_at }], has_more, … }`. */
const AnthropicModels = v.object({ data: v.array(v.object({ id: v.string() })) })

/** Google's model list: `{ models: [{ name: 'models/gemini-…', … }], nextPageToken? }`. */
const GoogleModels = v.object({ models: v.array(v.object({ name: v.string() })) })

const idsOf =
  <T>(schema: v.GenericSchema<unknown, T>, ids: (list: T) => string[]) =>
  (body: unknown) => {
    const list = v.safeParse(schema, body)
    return list.success ? ids(list.output) : null
  }

/**
 * Tests a key with the cheapest call its provider authenticates: the model list
 * (docs/product/calls.md#testing-a-key). It only reads: nothing is saved, and the key goes
 * nowhere but to the provider (never to a log). Never rejects.
 */
export async function checkProviderKey(request: KeyCheckRequest): Promise<KeyCheck> {
  const base = request.baseUrl.replace(/\/+$/, '')
  const common = { fetch: request.fetch, timeoutMs: request.timeoutMs }
  switch (request.provider) {
    case 'openai':
      return keyCheckOf(
        'openai',
        await requestModelList({
          ...common,
          url: `${base}/v1/models`,
          headers: { Authorization: `Bearer ${request.apiKey}` },
          modelIds: openAIModelIds,
        }),
      )
    case 'anthropic':
      return keyCheckOf(
        'anthropic',
        await requestModelList({
          ...common,
          url: `${base}/v1/models`,
          headers: {
            'x-api-key': request.apiKey,
            'anthropic-version': ANTHROPIC_VERSION,
            // As for the chat: without it the API refuses a call from a web page (CORS).
            'anthropic-dangerous-direct-browser-access': 'true',
          },
          modelIds: idsOf(AnthropicModels, (list) => list.data.map((model) => model.id)),
        }),
      )
    case 'google':
      return keyCheckOf(
        'google',
        await requestModelList({
          ...common,
          url: `${base}/v1beta/models?${new URLSearchParams({ key: request.apiKey })}`,
          headers: {},
          modelIds: idsOf(GoogleModels, (list) => list.models.map((model) => model.name)),
        }),
      )
  }
}
