import type { FetchLike } from '../../../../src/platform/http-client'
import { createPlatformClient, type PlatformClient } from '../../../../src/platform/index'
import { TEST_ORIGIN } from '../../../support/test-platform'

/** An SDK client on the test origin with Map-backed token storage. */
export function testClient(options: { fetch?: FetchLike } = {}): PlatformClient {
  const storage = new Map<string, string>()
  return createPlatformClient({
    projectId: 'prompt-chat',
    authUrl: TEST_ORIGIN,
    coreUrl: TEST_ORIGIN,
    fetch: options.fetch,
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    },
  })
}

/** What a promise rejected with, to assert on its class and fields. */
export async function rejectionOf(
  promise: Promise<unknown>,
): Promise<Error & Record<string, unknown>> {
  try {
    await promise
  } catch (error) {
    return error as Error & Record<string, unknown>
  }
  throw new Error('expected the call to fail')
}
