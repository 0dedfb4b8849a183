import * as v from 'valibot'

/**
 * The extension's own messages (chrome.runtime / chrome.tabs), between a chat site's content
 * script, the service worker and the app tab's content script. Never seen by any page.
 */
const RefreshSchema = v.object({ kind: v.literal('prompt-chat/refresh') })
const SetSystemPromptSchema = v.object({
  kind: v.literal('prompt-chat/set-system-prompt'),
  promptId: v.pipe(v.string(), v.minLength(1)),
  isActive: v.boolean(),
})
const RuntimeMessageSchema = v.variant('kind', [RefreshSchema, SetSystemPromptSchema])

export type RuntimeMessage = v.InferOutput<typeof RuntimeMessageSchema>

/** What the service worker answers a chat site: whether an app tab was there, and if it did it. */
export interface RouterAnswer {
  appOpen: boolean
  ok: boolean
}

/** What the app tab's content script answers the service worker. */
export interface AppTabAnswer {
  ok: boolean
}

export function parseRuntimeMessage(data: unknown): RuntimeMessage | null {
  const result = v.safeParse(RuntimeMessageSchema, data)
  return result.success ? result.output : null
}

export function parseRouterAnswer(data: unknown): RouterAnswer {
  const result = v.safeParse(v.object({ appOpen: v.boolean(), ok: v.boolean() }), data)
  return result.success ? result.output : { appOpen: false, ok: false }
}

export function isOkAnswer(data: unknown): boolean {
  return v.is(v.object({ ok: v.literal(true) }), data)
}
