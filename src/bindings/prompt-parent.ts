import type { ActivePrompt } from '../domain/prompt-types'
import { isTrustedParentOrigin } from '../platform/trusted-origins'

export interface ParentWindow {
  postMessage(message: unknown, targetOrigin: string): void
}

/**
 * Where a message to the embedding page may go: the referrer's origin when it is a trusted
 * parent (the auth host or a local development host), else the auth host. Never `*`.
 */
export function parentTargetOrigin(referrer: string, authUrl: string): string | null {
  try {
    const origin = new URL(referrer).origin
    if (isTrustedParentOrigin(origin, authUrl)) return origin
  } catch {
    // no or unreadable referrer
  }
  try {
    return new URL(authUrl).origin
  } catch {
    return null
  }
}

/** The message a parent window gets when the active system prompt changes (spec §4). */
export function activePromptMessage(prompt: ActivePrompt | null) {
  return {
    type: 'SYSTEM_PROMPT_CHANGED',
    prompt: prompt
      ? { id: prompt.id, title: prompt.title, content: prompt.content, isActive: true }
      : { id: '', title: '', content: '', isActive: false },
  }
}

export function notifyParent(
  parent: ParentWindow | null,
  referrer: string,
  authUrl: string,
  prompt: ActivePrompt | null,
): void {
  const target = parent && parentTargetOrigin(referrer, authUrl)
  if (parent && target) parent.postMessage(activePromptMessage(prompt), target)
}
