import { fromPromise } from 'xstate'
import { installExtensionMachine } from '../machines/install-extension.machine'
import type { Notice } from '../machines/notice'
import { downloadByLink } from './download-link'
import { showToast } from './notify'

export interface InstallExtensionEffectsOptions {
  notify?: (notice: Notice) => void
  /** Puts text on the clipboard; the browser's clipboard by default. */
  copyText?: (text: string) => Promise<void>
  /** Starts the browser's download of a same-site file; a clicked `download` link by default. */
  download?: (url: string) => void
}

/** The install dialog's effects: the zip's download, the clipboard and the toasts. */
export function provideInstallExtension(options: InstallExtensionEffectsOptions = {}) {
  const copyText = options.copyText ?? ((text: string) => navigator.clipboard.writeText(text))
  const download =
    options.download ?? ((url: string) => downloadByLink(url, url.split('/').pop() ?? ''))
  return installExtensionMachine.provide({
    actors: {
      'start download': fromPromise(async ({ input }) => download(input.url)),
      'copy text': fromPromise(({ input }) => copyText(input.text)),
    },
    actions: {
      notify: (_, notice) => (options.notify ?? showToast)(notice),
    },
  })
}
