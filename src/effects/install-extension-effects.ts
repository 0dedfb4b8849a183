import { fromPromise } from 'xstate'
import { installExtensionMachine } from '../machines/install-extension.machine'
import type { Notice } from '../machines/notice'
import { showToast } from './notify'

export interface InstallExtensionEffectsOptions {
  notify?: (notice: Notice) => void
  /** Puts text on the clipboard; the browser's clipboard by default. */
  copyText?: (text: string) => Promise<void>
  /** Starts the browser's download of a same-site file; a clicked `download` link by default. */
  download?: (url: string) => void
}

/** Downloads the way a link with a `download` attribute does, so the page stays put. */
function downloadByLink(url: string): void {
  const link = document.createElement('a')
  link.href = url
  link.download = url.split('/').pop() ?? ''
  link.rel = 'noopener'
  document.body.append(link)
  try {
    link.click()
  } finally {
    link.remove()
  }
}

/** The install dialog's effects: the zip's download, the clipboard and the toasts. */
export function provideInstallExtension(options: InstallExtensionEffectsOptions = {}) {
  const copyText = options.copyText ?? ((text: string) => navigator.clipboard.writeText(text))
  const download = options.download ?? downloadByLink
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
