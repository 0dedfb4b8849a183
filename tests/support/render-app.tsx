import { render } from '@testing-library/react'
import { vi } from 'vitest'
import type { BrowserEnv } from '../../src/app/browser-env'
import { startApp } from '../../src/app/start-app'
import { DEFAULT_BASE_URLS } from '../../src/providers/base-urls'
import { App } from '../../src/ui/shell/app'
import { TEST_ORIGIN, TEST_PROJECT_ID } from './test-platform'

/** The apps this file has started: each test's are stopped after it (tests/setup/component.ts). */
const started = new Set<{ stop(): void }>()

/**
 * Stops every app started since the last call: its timers (token refresh, reconnects) and its
 * requests must not reach the next test's platform.
 */
export function stopStartedApps() {
  for (const app of started) app.stop()
  started.clear()
}

/**
 * Renders the whole app with its real effects and SDK, against whatever platform the MSW
 * server hosts. Navigation and address rewrites are recorded instead of performed.
 */
export function renderApp(
  options: { href?: string; inIframe?: boolean; systemDark?: boolean } = {},
) {
  const systemDark = options.systemDark ?? false
  let href = options.href ?? `${TEST_ORIGIN}/`
  const messageListeners = new Set<(event: { origin: string; data: unknown }) => void>()
  /** The addresses before this one, as Back would find them. */
  const history: string[] = []
  const historyListeners = new Set<() => void>()
  const pageOrigin = new URL(href).origin
  /** What the app posted to its own window, with the target origin. */
  const posted: Array<{ message: unknown; targetOrigin: string }> = []
  const deliver = (origin: string, data: unknown) => {
    for (const listener of messageListeners) listener({ origin, data })
  }
  const env: BrowserEnv = {
    currentHref: () => href,
    navigate: vi.fn(),
    replaceHref: vi.fn((url: string) => {
      href = url
    }),
    pushHref: vi.fn((url: string) => {
      history.push(href)
      href = url
    }),
    onHistoryMove(listener) {
      historyListeners.add(listener)
      return () => historyListeners.delete(listener)
    },
    storage: window.localStorage,
    inIframe: options.inIframe ?? false,
    parent: null,
    referrer: '',
    onMessage(listener) {
      messageListeners.add(listener)
      return () => messageListeners.delete(listener)
    },
    // As a window would: the message is recorded and, later, heard by the page itself.
    postToSelf: (message, targetOrigin) => {
      posted.push({ message, targetOrigin })
      if (targetOrigin === pageOrigin) setTimeout(() => deliver(pageOrigin, message), 0)
    },
    rootElement: document.documentElement,
    systemScheme: { prefersDark: () => systemDark, onChange: () => () => {} },
  }
  const actors = startApp(
    {
      authUrl: TEST_ORIGIN,
      coreUrl: TEST_ORIGIN,
      projectId: TEST_PROJECT_ID,
      providerBaseUrls: DEFAULT_BASE_URLS,
      trustedParentOrigins: [TEST_ORIGIN],
    },
    env,
  )
  started.add(actors.app)
  const view = render(<App actors={actors} />)
  return {
    ...view,
    env,
    actors,
    currentHref: () => href,
    /** Delivers a window message as a parent frame (or a content script) would. */
    postMessage: deliver,
    /** What the app posted to its own window so far (replies to the extension). */
    posted,
    /** The browser's Back button: the previous address, and the page hears it. */
    goBack: () => {
      href = history.pop() ?? href
      for (const listener of historyListeners) listener()
    },
  }
}
