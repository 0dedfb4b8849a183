/**
 * How the models of a user's OpenAI-compatible servers sit among the hosted ones
 * (docs/product/servers.md#in-the-model-picker): a server's model has the id
 * `server:<serverId>:<model>`, the provider `server:<serverId>`, the model's own name and,
 * as its description, the server's name.
 */

/** A server as the keys dialog lists it. The key itself never leaves the effects. */
export interface ModelServer {
  id: string
  name: string
  baseUrl: string
  /** Whether a key is saved for it. */
  hasKey: boolean
}

const PREFIX = 'server:'

export const serverProvider = (serverId: string) => `${PREFIX}${serverId}`

export const serverModelId = (serverId: string, model: string) => `${PREFIX}${serverId}:${model}`

/** Whether a model's provider is one of the user's servers (`server:<id>`). */
export function isServerProvider(provider: string): boolean {
  return serverIdOf(provider) !== null
}

/** The server id of a `server:<id>` provider; null for any other provider. */
export function serverIdOf(provider: string): string | null {
  if (!provider.startsWith(PREFIX)) return null
  const id = provider.slice(PREFIX.length)
  return id !== '' && !id.includes(':') ? id : null
}

/**
 * The server and the model name of a `server:<serverId>:<model>` id; null for any other id.
 * The server id holds no colon; the model name may (`llama3.2:3b`).
 */
export function parseServerModelId(modelId: string): { serverId: string; model: string } | null {
  if (!modelId.startsWith(PREFIX)) return null
  const rest = modelId.slice(PREFIX.length)
  const colon = rest.indexOf(':')
  if (colon <= 0 || colon === rest.length - 1) return null
  return { serverId: rest.slice(0, colon), model: rest.slice(colon + 1) }
}

/** What names a model's provider to the user: the server's name for a server's model, else the provider. */
export function providerLabel(model: { provider: string; description: string }): string {
  return isServerProvider(model.provider) ? model.description : model.provider.toLowerCase()
}

/**
 * What asking a server for its models (`GET {base}/v1/models`) came to: its model ids, or why
 * not: no answer in time or no connection (`unreachable`), a non-2xx answer (`refused`), or a
 * 2xx answer that is not a model list (`unreadable`).
 */
export type ModelListResult =
  /**
   * `textOnly`: those of `models` the server says take text alone (docs/product/attachments.md#models-that-cannot-see).
   */
  | { ok: true; models: string[]; textOnly?: string[] }
  | { ok: false; kind: 'unreachable' }
  /** `message`: the provider's own words, when its error body has them. */
  | { ok: false; kind: 'refused'; status: number; message?: string }
  | { ok: false; kind: 'unreadable' }
