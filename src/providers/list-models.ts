import * as v from 'valibot'
import type { ModelListResult } from '../domain/server-models'
import { errorBodyMessage } from './provider-error'

/** How long a server gets to list its models before it counts as unreachable. */
export const LIST_MODELS_TIMEOUT_MS = 5_000

/**
 * OpenAI's model list, `GET {base}/v1/models`: `{ object: 'list', data: [{ id, object, owned_by }] }`.
 * Only `data[].id` is read; servers that leave out `object` or `owned_by` (several do) still pass.
 */
const ModelListSchema = v.object({
  object: v.optional(v.literal('list')),
  data: v.array(v.object({ id: v.pipe(v.string(), v.minLength(1)) })),
})

/**
 * What a model takes, where a server says it (OpenRouter's `architecture.input_modalities`);
 * most servers do not, and their models are taken to read images.
 */
const ModalitiesSchema = v.object({
  data: v.array(
    v.object({
      id: v.string(),
      architecture: v.optional(v.object({ input_modalities: v.optional(v.array(v.string())) })),
    }),
  ),
})

export interface ListModelsOptions {
  baseUrl: string
  /** '' sends no Authorization header. */
  apiKey: string
  fetch?: typeof fetch
  timeoutMs?: number
}

/**
 * Lists the models of an OpenAI-compatible server (docs/product/calls.md#openai-compatible-servers).
 * It never rejects and never hangs: after `timeoutMs` the request is aborted and the server
 * counts as unreachable. Ids come back in the server's order, without repeats.
 */
export function listCompatibleModels(options: ListModelsOptions): Promise<ModelListResult> {
  return requestModelList({
    url: `${options.baseUrl.replace(/\/+$/, '')}/v1/models`,
    headers: options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {},
    modelIds: openAIModelIds,
    textOnly: textOnlyModelIds,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  })
}

/** The ids of OpenAI's model list; null when the body is not one. */
export function openAIModelIds(body: unknown): string[] | null {
  const list = v.safeParse(ModelListSchema, body)
  return list.success ? list.output.data.map((model) => model.id) : null
}

/** The ids of a list's models that take text and no images, as the server says. */
export function textOnlyModelIds(body: unknown): string[] {
  const list = v.safeParse(ModalitiesSchema, body)
  if (!list.success) return []
  return list.output.data.flatMap(({ id, architecture }) => {
    const inputs = architecture?.input_modalities
    return inputs && !inputs.includes('image') ? [id] : []
  })
}

export interface ModelListRequest {
  url: string
  headers: Record<string, string>
  /** The model ids of a 2xx body; null when it is not the provider's list. */
  modelIds: (body: unknown) => string[] | null
  /** Those of the models that take text alone, when the body says so. */
  textOnly?: (body: unknown) => string[]
  fetch?: typeof fetch
  timeoutMs?: number
}

/**
 * `GET` a provider's model list: the cheapest call a key can authenticate (docs/product/calls.md).
 * Never rejects, never hangs. A refusal carries the provider's own `error.message` when its
 * body has one (all three providers and OpenAI's compatible servers put it there).
 */
export async function requestModelList(request: ModelListRequest): Promise<ModelListResult> {
  const fetchFn = request.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const controller = new AbortController()
  const timer = setTimeout(
    () => controller.abort(new Error('timed out')),
    request.timeoutMs ?? LIST_MODELS_TIMEOUT_MS,
  )
  try {
    let response: Response
    try {
      response = await fetchFn(request.url, {
        method: 'GET',
        headers: request.headers,
        signal: controller.signal,
      })
    } catch {
      return { ok: false, kind: 'unreachable' }
    }
    if (!response.ok) {
      // The body is read under the same time-out; one that is not JSON has no message.
      const message = errorBodyMessage(await response.json().catch(() => null))
      return {
        ok: false,
        kind: 'refused',
        status: response.status,
        ...(message ? { message } : {}),
      }
    }
    let body: unknown
    try {
      body = await response.json()
    } catch {
      return { ok: false, kind: controller.signal.aborted ? 'unreachable' : 'unreadable' }
    }
    const ids = request.modelIds(body)
    if (!ids) return { ok: false, kind: 'unreadable' }
    const textOnly = request.textOnly?.(body) ?? []
    return { ok: true, models: [...new Set(ids)], ...(textOnly.length ? { textOnly } : {}) }
  } finally {
    clearTimeout(timer)
  }
}
