import type { ProviderLabel } from './provider-error'

/**
 * The JSON of a 2xx provider answer. A body that is not JSON is reported like an unreadable
 * error body, so the chat shows '{Provider} API error: Unknown error' rather than a parser's.
 */
export async function readSuccess<T>(label: ProviderLabel, response: Response): Promise<T> {
  try {
    return (await response.json()) as T
  } catch {
    throw new Error(`${label} API error: Unknown error`)
  }
}
