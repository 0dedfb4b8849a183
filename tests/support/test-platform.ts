import { appSchema } from '../../db/index'
import { createApiKeyCipher } from '../../mocks/platform/crypto/api-key-cipher'
import type { HostLookup } from '../../mocks/platform/data/host-lookup'
import { type AppSchema, createPlatform, openStore } from '../../mocks/platform/index'
import { signUpThroughAuthPage } from './sign-up'

export const TEST_ORIGIN = 'http://localhost:3000'
export const TEST_PROJECT_ID = 'prompt-chat'
export const TEST_SECRET = 'test-secret-that-is-at-least-32-characters-long'

export type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>

/**
 * An in-memory mock platform (PGlite) with a helper that signs up through its real contract.
 * It runs the app's schema (db/) unless given another app's.
 */
export async function createTestPlatform(
  options: {
    now?: () => Date
    publicOrigin?: string
    lookupHost?: HostLookup
    app?: AppSchema
  } = {},
) {
  const store = await openStore({
    cipher: createApiKeyCipher(TEST_SECRET),
    app: options.app ?? appSchema,
  })
  const platform = createPlatform({
    store,
    projectId: TEST_PROJECT_ID,
    secret: TEST_SECRET,
    passwordCost: 2 ** 10,
    now: options.now,
    publicOrigin: options.publicOrigin,
    lookupHost: options.lookupHost,
  })
  return {
    store,
    platform,
    signUp: (email: string, displayName = '') =>
      signUpThroughAuthPage(platform.fetch, TEST_ORIGIN, { email, displayName }),
    close: () => store.close(),
  }
}
