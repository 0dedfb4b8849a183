import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'
import { storeSession } from '../support/chat-session'
import { installMockPlatform } from '../support/mock-platform'
import { renderApp } from '../support/render-app'

// The session's code is its own download (docs/performance.md, "Split"); here it fails, as it
// does offline or after a newer build replaced the old chunks.
vi.mock('../../src/app/load-session', () => ({
  loadSessionModule: () =>
    Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
}))

const mockPlatform = installMockPlatform()

describe('a session whose code does not arrive (docs/product/screens.md#unavailable)', () => {
  test('the signed-in user is told so, and Reload reloads the page', async () => {
    storeSession(await mockPlatform().signUp('unavailable@example.com', 'Una'))
    const reload = vi.fn()
    vi.stubGlobal('location', { ...window.location, reload })
    try {
      renderApp()
      const alert = await screen.findByRole('alert')
      expect(alert).toHaveTextContent('Prompt Chat could not load')
      expect(alert).toHaveTextContent(
        'Part of the app did not arrive. Check your connection, then reload the page.',
      )
      expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull()
      await userEvent.click(screen.getByRole('button', { name: 'Reload' }))
      expect(reload).toHaveBeenCalledOnce()
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
