/**
 * The display name in '{Provider} API error: …' (docs/product/errors.md#toasts); for an
 * OpenAI-compatible server, the name the user gave it.
 */
export type ProviderLabel = 'OpenAI' | 'Anthropic' | 'Google' | (string & {})

/**
 * Turns a non-2xx provider response into '{Provider} API error: {message or status text}'.
 * All three providers put the message at `error.message`. A body that is not JSON gives
 * 'Unknown error' (spec); JSON without a message gives the status text, and since HTTP/2
 * responses (every real provider) carry no status text, `HTTP {status}` after that.
 */
export async function providerError(label: ProviderLabel, response: Response): Promise<Error> {
  return new Error(`${label} API error: ${await errorDetail(response)}`)
}

async function errorDetail(response: Response): Promise<string> {
  let body: unknown
  try {
    body = await response.json()
  } catch {
    return 'Unknown error'
  }
  const message = errorBodyMessage(body)
  if (message) return message
  return response.statusText || `HTTP ${response.status}`
}

/** `error.message` of a provider's error JSON (a non-2xx body or an error event), when it has one. */
export function errorBodyMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const error = (body as { error?: unknown }).error
  if (typeof error !== 'object' || error === null) return undefined
  const message = (error as { message?: unknown }).message
  return typeof message === 'string' && message.trim() ? message : undefined
}
