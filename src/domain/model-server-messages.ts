import type { ModelListResult } from './server-models'

/** docs/product/errors.md#openai-compatible-servers: the toasts of the servers section. */
export const MODEL_SERVER_MESSAGES = {
  loadFailed: 'Failed to load your servers',
  unreachable: (name: string) => `Could not reach ${name}`,
  keyRefused: (name: string) => `${name} refused the API key`,
  refused: (name: string, status: number) => `${name} answered HTTP ${status} to the model list`,
  unreadable: (name: string) => `${name} did not answer with a list of models`,
  added: (name: string, count: number) =>
    count === 0
      ? `Added ${name}, which lists no models yet`
      : `Added ${name} with ${count} ${count === 1 ? 'model' : 'models'}`,
  saveFailed: 'Failed to save the server. Please try again.',
  removed: (name: string) => `Removed ${name}`,
  removeFailed: 'Failed to remove the server. Please try again.',
} as const

/** Why a server's models could not be listed, as a toast naming the server. */
export function modelListProblem(
  name: string,
  result: Exclude<ModelListResult, { ok: true }>,
): string {
  switch (result.kind) {
    case 'unreachable':
      return MODEL_SERVER_MESSAGES.unreachable(name)
    case 'refused':
      return result.status === 401 || result.status === 403
        ? MODEL_SERVER_MESSAGES.keyRefused(name)
        : MODEL_SERVER_MESSAGES.refused(name, result.status)
    case 'unreadable':
      return MODEL_SERVER_MESSAGES.unreadable(name)
  }
}
