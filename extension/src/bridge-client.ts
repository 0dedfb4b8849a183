import { type BridgeReply, type ExtensionRequest, parseBridgeReply } from './protocol'

/** The window a content script shares with the app's page (a seam for tests). */
export interface PageWindow {
  readonly location: { readonly origin: string }
  postMessage(message: unknown, targetOrigin: string): void
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

export interface RequestOptions {
  /** Give up (resolve null) after this long. */
  timeoutMs: number
  /** Post the request again this often until answered (the app may not be listening yet). */
  resendEveryMs?: number
}

export interface BridgeClient {
  /** Posts `request` on the page and resolves the first valid reply `accepts`, or null on timeout. */
  request<R extends BridgeReply>(
    request: ExtensionRequest,
    accepts: (reply: BridgeReply) => reply is R,
    options: RequestOptions,
  ): Promise<R | null>
  dispose(): void
}

interface Pending {
  accepts: (reply: BridgeReply) => boolean
  resolve: (reply: BridgeReply | null) => void
}

/**
 * The content script's side of the app's page-message bridge
 * (docs/product/calls.md#extension-bridge). Requests are posted to the page's own window with
 * the page's origin as target. A reply counts only if it comes from this very window
 * (`event.source === window`), from the page's own origin, and passes the reply schema; the
 * protocol has no request ids, so a reply answers every pending request of its kind.
 */
export function createBridgeClient(win: PageWindow): BridgeClient {
  const pending = new Set<Pending>()
  const origin = win.location.origin

  const onMessage = (event: MessageEvent) => {
    if (event.source !== (win as unknown) || event.origin !== origin) return
    const reply = parseBridgeReply(event.data)
    if (!reply) return
    for (const entry of [...pending]) {
      if (entry.accepts(reply)) entry.resolve(reply)
    }
  }
  win.addEventListener('message', onMessage)

  return {
    request(request, accepts, { timeoutMs, resendEveryMs }) {
      return new Promise((resolveRequest) => {
        let resend: ReturnType<typeof setInterval> | undefined
        const entry: Pending = {
          accepts,
          resolve: (reply) => {
            pending.delete(entry)
            clearTimeout(timeout)
            if (resend) clearInterval(resend)
            resolveRequest(reply as never)
          },
        }
        const timeout = setTimeout(() => entry.resolve(null), timeoutMs)
        pending.add(entry)
        win.postMessage(request, origin)
        if (resendEveryMs)
          resend = setInterval(() => win.postMessage(request, origin), resendEveryMs)
      })
    },
    dispose() {
      win.removeEventListener('message', onMessage)
      for (const entry of [...pending]) entry.resolve(null)
    },
  }
}
