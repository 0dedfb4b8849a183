import { type APIRequestContext, expect } from '@playwright/test'

// Two workers run tests side by side against one server, and its provider fakes keep one
// record of what they received. Each test sends with a key of its own and reads and forgets
// only the requests sent with it (`?key=`, docs/platform.md, "Fake LLM providers").

/** An OpenAI test key no other test sends with. */
export const ownKey = (name = 'e2e') =>
  `sk-test-${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`

export interface RecordedRequest {
  provider: string
  method: string
  url: string
  headers: Record<string, string>
  body: { model?: string; stream?: boolean; messages?: Array<{ role: string; content: string }> }
}

const forKeys = (keys: readonly string[]) =>
  `/fake-providers/requests?${keys.map((key) => `key=${encodeURIComponent(key)}`).join('&')}`

/** What the fakes received with these keys, oldest first, keys masked. */
export async function requestsSentWith(
  request: APIRequestContext,
  ...keys: string[]
): Promise<RecordedRequest[]> {
  const res = await request.get(forKeys(keys))
  expect(res.ok()).toBe(true)
  return (await res.json()) as RecordedRequest[]
}

/** The messages of each chat call sent with `key`, oldest first. */
export async function turnsSentWith(request: APIRequestContext, key: string): Promise<string[][]> {
  const sent = await requestsSentWith(request, key)
  return sent
    .filter((r) => r.method === 'POST')
    .map((r) => (r.body.messages ?? []).map((m) => m.content))
}

/** Forgets what the fakes received with these keys (and nothing another test sent). */
export async function forgetRequestsSentWith(request: APIRequestContext, ...keys: string[]) {
  const res = await request.delete(forKeys(keys))
  expect(res.status()).toBe(204)
}
