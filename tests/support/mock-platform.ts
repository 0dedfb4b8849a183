import { afterAll, beforeAll, beforeEach } from 'vitest'
import { platformHandlers } from '../../mocks/msw/platform-handlers'
import { mswServer } from './msw-server'
import { createTestPlatform, TEST_ORIGIN, type TestPlatform } from './test-platform'

/**
 * Puts one in-memory mock platform under the file's MSW server (PGlite starts once per file:
 * a cold start costs seconds). Returns a getter, valid inside tests.
 */
export function installMockPlatform(): () => TestPlatform {
  let platform: TestPlatform | undefined
  beforeAll(async () => {
    platform = await createTestPlatform()
    // Also for the file's own beforeAll hooks, which run before any beforeEach.
    mswServer.use(...platformHandlers(platform.platform, TEST_ORIGIN))
  })
  beforeEach(() => {
    mswServer.use(...platformHandlers(platform!.platform, TEST_ORIGIN))
  })
  afterAll(async () => {
    await platform?.close()
  })
  return () => {
    if (!platform) throw new Error('the mock platform is not started yet')
    return platform
  }
}
