import { fromCallback, fromPromise } from 'xstate'
import type { PageChannel } from '../bridge/parent-window'
import { extensionBridgeMachine } from '../machines/extension-bridge.machine'
import type { DbClient } from '../platform/db-client'
import type { KeyValueStorage } from '../platform/index'
import type { createExtensionData, ExtensionData } from './extension-data'

export interface ExtensionBridgeEffectsOptions {
  /** The page's own message channel (src/bridge/parent-window.ts). */
  channel: PageChannel
  db: DbClient
  /** Where the active prompt's variable values are kept (src/effects/prompt-values.ts). */
  storage?: KeyValueStorage
  logError?: (message: string, error?: unknown) => void
  /**
   * Brings the reads' code (src/effects/extension-data.ts). The app takes it from the session's
   * chunk, which a signed-in page has anyway: the bridge answers only for a signed-in user.
   */
  loadReads: () => Promise<{ createExtensionData: typeof createExtensionData }>
}

/**
 * The extension bridge's effects: the page channel and the prompt reads through the SDK
 * (docs/product/calls.md#extension-bridge). Which request is answered, and how, is the
 * machine's.
 */
export function provideExtensionBridge(options: ExtensionBridgeEffectsOptions) {
  const { channel } = options
  const logError = options.logError ?? ((message, error) => console.error(message, error ?? ''))
  // The reads, and the variable filling they need, load with the extension's first request:
  // the page paints without them (docs/performance.md, "Split"). A failed download is tried
  // again by the next request.
  let data: Promise<ExtensionData> | undefined
  const loadData = () =>
    (data ??= options.loadReads().then(
      (m) => m.createExtensionData(options.db, logError, options.storage),
      (error) => {
        data = undefined
        throw error
      },
    ))
  return extensionBridgeMachine.provide({
    actors: {
      'listen to page': fromCallback(({ sendBack }) =>
        channel.listen(({ origin, data }) => sendBack({ type: 'page.message', origin, data })),
      ),
      'load prompts data': fromPromise(async ({ input }) =>
        (await loadData()).loadPromptsData(input.userId),
      ),
      'find prompt': fromPromise(async ({ input }) =>
        (await loadData()).findPrompt(input.promptId),
      ),
    },
    actions: {
      'post reply': (_, { message, targetOrigin }) => channel.post(message, targetOrigin),
      'log error': (_, { message }) => logError(message),
    },
  })
}
