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

/**
 * What the menu frame (menu.html) asks the chat site's content script, through the service
 * worker (docs/security.md "The extension menu lives in the extension's frame"): insert this
 * text into the composer, or close the frame.
 */
const InsertSchema = v.object({ kind: v.literal('prompt-chat/insert'), text: v.string() })
const CloseMenuSchema = v.object({ kind: v.literal('prompt-chat/close-menu') })
const MenuFrameMessageSchema = v.variant('kind', [InsertSchema, CloseMenuSchema])

export type MenuFrameMessage = v.InferOutput<typeof MenuFrameMessageSchema>

export function parseMenuFrameMessage(data: unknown): MenuFrameMessage | null {
  const result = v.safeParse(MenuFrameMessageSchema, data)
  return result.success ? result.output : null
}

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

/** The menu frame's page, as the extension lists it in web_accessible_resources. */
export const MENU_FRAME_PAGE = 'menu.html'

/** Whether a message's sender URL is this extension's menu frame (`menuPageUrl`), query aside. */
export function isMenuFrameUrl(senderUrl: string | undefined, menuPageUrl: string): boolean {
  return senderUrl?.split(/[?#]/)[0] === menuPageUrl
}
