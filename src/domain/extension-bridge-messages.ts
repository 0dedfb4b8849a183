import type { User } from './auth-types'
import { isActivePrompt, ratingSummary } from './prompt-facts'
import type { PromptRow } from './prompt-types'

/**
 * The page messages between the Chrome extension's content script and the app
 * (docs/product/calls.md#extension-bridge), written once so the extension can share them.
 * Pure: no window, no SDK.
 */

/** Every request the extension may post; anything else is not a request. */
export type ExtensionRequest =
  | { type: 'GET_USER_DATA' }
  | { type: 'GET_PROMPTS_DATA'; userId: string }
  | { type: 'UPDATE_SYSTEM_PROMPT'; userId: string; promptId: string; isActive: boolean }

const isId = (value: unknown): value is string => typeof value === 'string' && value !== ''

/**
 * The request a page message carries, with only the fields it declares, or null when it carries
 * none (never throws). Three flat shapes are read by hand: a schema library here would be the
 * largest module on the signed-in first paint (docs/performance.md, "Split").
 */
export function parseExtensionRequest(data: unknown): ExtensionRequest | null {
  try {
    if (!data || typeof data !== 'object') return null
    const { type, userId, promptId, isActive } = data as Record<string, unknown>
    if (type === 'GET_USER_DATA') return { type }
    if (!isId(userId)) return null
    if (type === 'GET_PROMPTS_DATA') return { type, userId }
    if (type === 'UPDATE_SYSTEM_PROMPT' && isId(promptId) && typeof isActive === 'boolean')
      return { type, userId, promptId, isActive }
    return null
  } catch {
    // e.g. a getter that throws, or a revoked proxy: not a request either
    return null
  }
}

/** A user prompt as the extension sees it (docs/product/data.md#prompts-as-the-extension-sees-them). */
export interface ExtensionUserPrompt extends PromptRow {
  averageRating: number
  totalRatings: number
}

/** A system prompt as the extension sees it: `isActive` is a real boolean. */
export interface ExtensionSystemPrompt extends Omit<PromptRow, 'isActive'> {
  isActive: boolean
}

export interface PromptsData {
  userPrompts: ExtensionUserPrompt[]
  systemPrompts: ExtensionSystemPrompt[]
  activeSystemPrompt: ExtensionSystemPrompt | null
}

/** What a failed prompt load answers (docs/product/errors.md#silent-failures). */
export const EMPTY_PROMPTS_DATA: PromptsData = {
  userPrompts: [],
  systemPrompts: [],
  activeSystemPrompt: null,
}

/** Every answer the app posts back. */
export type ExtensionReply =
  | { type: 'USER_DATA'; user: User }
  | { type: 'NO_USER' }
  | ({ type: 'PROMPTS_DATA' } & PromptsData)
  | { type: 'SYSTEM_PROMPT_UPDATED'; promptId: string; isActive: boolean }

/**
 * The user's prompts as the extension sees them: `ratings` holds each user prompt's ratings
 * (missing or empty: rated `0` by `0`).
 */
export function toPromptsData(
  rows: readonly PromptRow[],
  ratings: ReadonlyMap<string, ReadonlyArray<{ rating: string | number }>>,
): PromptsData {
  const userPrompts = rows
    .filter((row) => row.type === 'user')
    .map((row) => {
      const { averageRating, ratingCount } = ratingSummary(ratings.get(row.id) ?? [])
      return { ...row, averageRating, totalRatings: ratingCount }
    })
  const systemPrompts = rows
    .filter((row) => row.type === 'system')
    .map((row) => ({ ...row, isActive: isActivePrompt(row) }))
  return {
    userPrompts,
    systemPrompts,
    activeSystemPrompt: systemPrompts.find((prompt) => prompt.isActive) ?? null,
  }
}

/**
 * The browser's extensions page, where the unpacked extension is loaded
 * (docs/product/screens.md#install-extension). A page cannot open it, so the install dialog
 * copies its address. It lives here, beside the bridge's messages, because the page loads this
 * module first: the dialog and its machine, loaded apart, both read it without a chunk of its own.
 */
export const EXTENSIONS_PAGE_URL = 'chrome://extensions'
