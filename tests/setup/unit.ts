import { afterAll, afterEach, beforeAll } from 'vitest'
import { mswServer } from '../support/msw-server'

// Unit tests never reach the network: a request no handler answers fails the test.
beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }))
afterEach(() => mswServer.resetHandlers())
afterAll(() => mswServer.close())
