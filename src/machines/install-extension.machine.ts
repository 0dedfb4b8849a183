import { fromPromise, setup } from 'xstate'
import { EXTENSIONS_PAGE_URL } from '../domain/extension-bridge-messages'
import { notProvided } from './not-provided'
import type { Notice } from './notice'

/** Where the packed extension is served: the site root (docs/product/screens.md#install-extension). */
export const EXTENSION_ZIP_PATH = '/chrome-extension.zip'
/** How long the copied-address toast stays (docs/product/errors.md#success-and-info). */
export const EXTENSIONS_PAGE_TOAST_MS = 8000

export const DOWNLOAD_STARTED =
  'Extension download started! Extract the chrome-extension folder from the zip file.'
export const DOWNLOAD_FAILED = 'Failed to start the extension download'
export const EXTENSIONS_PAGE_COPIED = `Extensions page address copied. Paste it into the address bar: ${EXTENSIONS_PAGE_URL}`
export const EXTENSIONS_PAGE_COPY_FAILED = `Could not copy the address. Type ${EXTENSIONS_PAGE_URL} into the address bar.`

export type InstallExtensionEvent =
  | { type: 'install.open' }
  | { type: 'install.close' }
  | { type: 'install.download' }
  | { type: 'install.copyExtensionsPage' }

const notice = (kind: Notice['kind'], message: string, durationMs?: number) => ({
  type: 'notify' as const,
  params: durationMs === undefined ? { kind, message } : { kind, message, durationMs },
})

/**
 * The Install Chrome Extension dialog (docs/product/screens.md#install-extension): open or
 * closed, and its two actions, the zip's download and copying the extensions page's address.
 * Closing the dialog while one runs drops its toast.
 */
export const installExtensionMachine = setup({
  types: {
    events: {} as InstallExtensionEvent,
  },
  actors: {
    'start download': fromPromise<unknown, { url: string }>(async () => {
      throw notProvided('start download')
    }),
    'copy text': fromPromise<unknown, { text: string }>(async () => {
      throw notProvided('copy text')
    }),
  },
  actions: {
    notify: (_, _params: Notice) => {
      throw notProvided('notify')
    },
  },
}).createMachine({
  id: 'installExtension',
  initial: 'closed',
  states: {
    closed: {
      on: { 'install.open': 'open' },
    },
    open: {
      tags: 'open',
      on: { 'install.close': 'closed' },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'install.download': 'downloading',
            'install.copyExtensionsPage': 'copying',
          },
        },
        downloading: {
          tags: 'busy',
          invoke: {
            id: 'start download',
            src: 'start download',
            input: { url: EXTENSION_ZIP_PATH },
            onDone: { target: 'idle', actions: notice('success', DOWNLOAD_STARTED) },
            onError: { target: 'idle', actions: notice('error', DOWNLOAD_FAILED) },
          },
        },
        copying: {
          tags: 'busy',
          invoke: {
            id: 'copy text',
            src: 'copy text',
            input: { text: EXTENSIONS_PAGE_URL },
            onDone: {
              target: 'idle',
              actions: notice('info', EXTENSIONS_PAGE_COPIED, EXTENSIONS_PAGE_TOAST_MS),
            },
            onError: { target: 'idle', actions: notice('error', EXTENSIONS_PAGE_COPY_FAILED) },
          },
        },
      },
    },
  },
})
