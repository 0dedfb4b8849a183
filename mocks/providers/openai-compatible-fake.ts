import type { FakeDeps, ProviderFake } from './fake-types'
import { createOpenAIFake } from './openai-fake'

/** The models the fake server lists, named as Ollama names them. */
export const COMPATIBLE_FAKE_MODELS = ['llama3.2:3b', 'qwen2.5:7b'] as const
/**
 * The one it says takes text alone, as OpenRouter's list says it (`architecture.input_modalities`):
 * the app refuses to send it images (docs/product/attachments.md#models-that-cannot-see).
 */
export const COMPATIBLE_TEXT_ONLY_MODELS = ['llama3.2:3b'] as const

/**
 * A fake OpenAI-compatible server (Ollama, LM Studio, vLLM…): `GET {base}/v1/models` lists
 * COMPATIBLE_FAKE_MODELS and `POST {base}/v1/chat/completions` answers in OpenAI's format,
 * streamed or not, with the same triggers as the OpenAI fake (fake-triggers.ts). It takes any
 * key, or none, and refuses a model it does not list with a 404.
 */
export function createCompatibleFake(deps: FakeDeps): ProviderFake {
  return createOpenAIFake(deps, {
    recordAs: 'openai-compatible',
    replyLabel: 'OpenAI-compatible',
    keys: 'any',
    models: COMPATIBLE_FAKE_MODELS,
    textOnlyModels: COMPATIBLE_TEXT_ONLY_MODELS,
  })
}
