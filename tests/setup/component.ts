import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { mswServer } from '../support/msw-server'

// A request that no handler answers fails the test instead of leaking to the network.
beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  mswServer.resetHandlers()
  localStorage.clear()
  document.documentElement.className = ''
  document.documentElement.removeAttribute('style')
})
afterAll(() => mswServer.close())
