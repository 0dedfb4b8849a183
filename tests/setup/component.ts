import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { ws } from 'msw'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { mswServer } from '../support/msw-server'

// The suite runs a worker per core, each with a whole app over PGlite: a first paint that takes
// a few hundred milliseconds alone took over a second beside the other worker (a fresh-clone
// run of 2026-11-29). A query's limit is there to catch a hang, not to time the app.
configure({ asyncUtilTimeout: 4000 })

// jsdom has no ResizeObserver; Ark's positioned parts (the `/` picker's list) observe their size
// with it. Nothing here measures layout.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

// jsdom has no layout, so nothing scrolls; its own scrollTo only reports "not implemented".
// The conversation follows its end with it (src/ui/chat/use-conversation-scroll.ts).
window.scrollTo = () => {}

// Vitest 4.1 hands a jsdom Blob to Node's fetch by reading its bytes from the field jsdom 28
// had (`_buffer`); jsdom 29 calls it `_bytes`, so every uploaded file arrived as the nine bytes
// `undefined`. The old name is given back, so what a test uploads is what is stored.
{
  const blob = new Blob() as unknown as Record<symbol, object>
  const impl = Object.getPrototypeOf(
    blob[Object.getOwnPropertySymbols(blob)[0] as symbol],
  ) as object
  if (!('_buffer' in impl)) {
    Object.defineProperty(impl, '_buffer', {
      configurable: true,
      get(this: { _bytes: Uint8Array }) {
        return this._bytes
      },
    })
  }
}

// A request that no handler answers fails the test instead of leaking to the network.
beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }))
// The signed-in app follows the platform's change feed over a WebSocket of its own
// (docs/product/live-sync.md), which MSW would report as unhandled. Live sync is tested by the
// machine, contract and e2e suites; here the socket is accepted and the feed stays silent, so
// no test sees its own writes come back at a time of the feed's choosing.
const changeFeed = ws.link('ws://localhost:3000/*')
beforeEach(() => mswServer.use(changeFeed.addEventListener('connection', () => {})))
// The views load their dialogs and screens lazily (docs/performance.md, "Split"). A browser
// has such a chunk in a few milliseconds; Vitest transforms each module on its first import,
// which can take longer than a query waits. Importing them all once keeps that out of the tests.
beforeAll(async () => {
  await Promise.all([
    ...Object.values(import.meta.glob('../../src/ui/**/*.tsx')).map((load) => load()),
    import('sonner'),
  ])
})
afterEach(async () => {
  // Imported here, not above: a file's vi.mock must reach the app's modules first.
  ;(await import('../support/render-app')).stopStartedApps()
  cleanup()
  // sonner keeps its toasts in a module-wide store and replays the active ones to a Toaster
  // that mounts later (the app's mounts when idle): one test's toasts must not reach the next.
  ;(await import('sonner')).toast.dismiss()
  mswServer.resetHandlers()
  localStorage.clear()
  document.documentElement.className = ''
  document.documentElement.removeAttribute('style')
})
afterAll(() => mswServer.close())
