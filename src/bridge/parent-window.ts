import type { ActivePrompt } from '../domain/prompt-types'
import { isTrustedParentOrigin, type TokenSet } from '../platform/index'

/**
 * The one bridge to an embedding page, both ways, trusted origins only
 * (docs/architecture.md, "The parent-window bridge"). In: tokens and logout for the auth
 * machine. Out: the active system prompt. Also the page's own channel the Chrome extension's
 * content script talks over (`createPageChannel`); what it may say is decided by the extension
 * bridge machine (docs/product/permissions.md#extension-bridge).
 */

/** Where window messages come from (the page's `message` events). */
export interface MessageSource {
  /** Subscribes to window messages; returns the unsubscribe. */
  onMessage(listener: (event: { origin: string; data: unknown }) => void): () => void
}

export interface ParentWindow {
  postMessage(message: unknown, targetOrigin: string): void
}

/** The page's own window, for replies to a content script on the same page. */
export interface SelfWindow {
  postToSelf(message: unknown, targetOrigin: string): void
}

/** The channel to a content script on this page: every window message in, replies out. */
export interface PageChannel {
  /** Hears every window message, unchecked; returns the unsubscribe. */
  listen(listener: (message: { origin: string; data: unknown }) => void): () => void
  /** Posts a reply on this page, to the named origin only (never `*`). */
  post(message: unknown, targetOrigin: string): void
}

export function createPageChannel(messages: MessageSource, self: SelfWindow): PageChannel {
  return {
    listen: (listener) => messages.onMessage(listener),
    post: (message, targetOrigin) => {
      if (targetOrigin === '*') throw new Error('A page reply needs a target origin')
      self.postToSelf(message, targetOrigin)
    },
  }
}

/** What a parent window may say: here are tokens, or sign out. */
export type ParentMessage = { type: 'AUTH_TOKENS'; tokens: TokenSet } | { type: 'AUTH_LOGOUT' }

export interface ParentBridge {
  /** Hears the parent's messages from trusted origins only; returns the unsubscribe. */
  listen(handler: (message: ParentMessage) => void): () => void
  /** Tells the parent (if any) which system prompt is active now. */
  tellActivePrompt(prompt: ActivePrompt | null): void
}

export interface ParentBridgeOptions {
  messages: MessageSource
  /** The embedding page, when the app runs in an iframe. */
  parent: ParentWindow | null
  /** The page that embedded us (document.referrer). */
  referrer: string
  authUrl: string
  /** The only origins a parent may speak from (`trustedParentOrigins`, docs/security.md). */
  trustedOrigins: readonly string[]
}

export function createParentBridge(options: ParentBridgeOptions): ParentBridge {
  const { messages, parent, referrer, authUrl, trustedOrigins } = options
  return {
    listen: (handler) =>
      messages.onMessage(({ origin, data }) => {
        if (!isTrustedParentOrigin(origin, trustedOrigins)) return
        const message = parseParentMessage(data)
        if (message) handler(message)
      }),
    tellActivePrompt: (prompt) =>
      notifyParent(parent, parentTargetOrigin(referrer, authUrl, trustedOrigins), prompt),
  }
}

/** A parent's message, or null for anything else; missing token fields get defaults. */
export function parseParentMessage(data: unknown): ParentMessage | null {
  if (!data || typeof data !== 'object') return null
  const message = data as { type?: unknown; tokens?: Partial<TokenSet> }
  if (message.type === 'AUTH_LOGOUT') return { type: 'AUTH_LOGOUT' }
  const tokens = message.tokens
  if (message.type === 'AUTH_TOKENS' && typeof tokens?.access_token === 'string') {
    return {
      type: 'AUTH_TOKENS',
      tokens: {
        access_token: tokens.access_token,
        refresh_token: typeof tokens.refresh_token === 'string' ? tokens.refresh_token : undefined,
        token_type: 'Bearer',
        expires_in: Number(tokens.expires_in) || 900,
        refresh_expires_in: Number(tokens.refresh_expires_in) || undefined,
        issued_at: Number(tokens.issued_at) || Math.floor(Date.now() / 1000),
      },
    }
  }
  return null
}

/**
 * Where a message to the embedding page may go: the referrer's origin when it is a trusted
 * parent, else the auth host. Never `*`.
 */
export function parentTargetOrigin(
  referrer: string,
  authUrl: string,
  trustedOrigins: readonly string[],
): string | null {
  try {
    const origin = new URL(referrer).origin
    if (isTrustedParentOrigin(origin, trustedOrigins)) return origin
  } catch {
    // no or unreadable referrer
  }
  try {
    return new URL(authUrl).origin
  } catch {
    return null
  }
}

/** The message a parent window gets when the active system prompt changes. */
export function activePromptMessage(prompt: ActivePrompt | null) {
  return {
    type: 'SYSTEM_PROMPT_CHANGED',
    prompt: prompt
      ? { id: prompt.id, title: prompt.title, content: prompt.content, isActive: true }
      : { id: '', title: '', content: '', isActive: false },
  }
}

/** Tells the embedding page (if any) at `target` (never `*`) which prompt is active. */
export function notifyParent(
  parent: ParentWindow | null,
  target: string | null,
  prompt: ActivePrompt | null,
): void {
  if (parent && target) parent.postMessage(activePromptMessage(prompt), target)
}
