import { render } from '@testing-library/react'
import { vi } from 'vitest'
import type { BrowserEnv } from '../../src/app/browser-env'
import { startApp } from '../../src/app/start-app'
import { DEFAULT_BASE_URLS } from '../../src/providers/send-chat'
import { App } from '../../src/ui/shell/app'
import { TEST_ORIGIN, TEST_PROJECT_ID } from './test-platform'

/**
 * Renders the whole app with its real effects and SDK, against whatever platform the MSW
 * server hosts. Navigation and address rewrites are recorded instead of performed.
 */
export function renderApp(options: { href?: string; inIframe?: boolean } = {}) {
  let href = options.href ?? `${TEST_ORIGIN}/`
  const messageListeners = new Set<(event: { origin: string; data: unknown }) => void>()
  const env: BrowserEnv = {
    currentHref: () => href,
    navigate: vi.fn(),
    replaceHref: vi.fn((url: string) => {
      href = url
    }),
    storage: window.localStorage,
    inIframe: options.inIframe ?? false,
    parent: null,
    referrer: '',
    onMessage(listener) {
      messageListeners.add(listener)
      return () => messageListeners.delete(listener)
    },
    rootElement: document.documentElement,
  }
  const actors = startApp(
    {
      authUrl: TEST_ORIGIN,
      coreUrl: TEST_ORIGIN,
      projectId: TEST_PROJECT_ID,
      providerBaseUrls: DEFAULT_BASE_URLS,
    },
    env,
  )
  const view = render(<App actors={actors} />)
  return {
    ...view,
    env,
    actors,
    currentHref: () => href,
    /** Delivers a window message as a parent frame would. */
    postMessage: (origin: string, data: unknown) => {
      for (const listener of messageListeners) listener({ origin, data })
    },
  }
}
