import type { ChatUsage } from '../domain/chat-types'

/**
 * How a streamed chat call (`sendChat` with `onDelta`) ends when it does not resolve.
 *
 * - The provider answered non-2xx before streaming: the same plain `Error` as without
 *   streaming ('{Provider} API error: …').
 * - The stream failed after it started (an error event, a Google safety stop, a broken
 *   connection, an unreadable event): a `ChatStreamError`. Its message is the one the
 *   non-streaming call would show; `partial` is the text received before the failure.
 * - The caller's signal aborted, at any point: a `ChatStreamAbortError`, a `DOMException`
 *   named 'AbortError' (so `error.name === 'AbortError'` checks keep working), with the text
 *   received before the abort in `partial` and the signal's reason in `cause`.
 *
 * `usage` is what the provider had reported by then: zeros for counts it had not sent yet.
 */
export class ChatStreamError extends Error {
  override readonly name = 'ChatStreamError'
  constructor(
    message: string,
    readonly partial: string,
    readonly usage: ChatUsage,
    options?: ErrorOptions,
  ) {
    super(message, options)
  }
}

export class ChatStreamAbortError extends DOMException {
  override readonly cause: unknown
  constructor(
    readonly partial: string,
    readonly usage: ChatUsage,
    reason?: unknown,
  ) {
    super(
      reason instanceof Error && reason.message ? reason.message : 'The chat call was aborted',
      'AbortError',
    )
    this.cause = reason
  }
}
