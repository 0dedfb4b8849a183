import * as v from 'valibot'
import type { BridgeUser, MenuSystemPrompt, MenuUserPrompt } from './protocol'

/**
 * What the extension keeps in `chrome.storage.local` (one key), written by the app tab's
 * content script and read by the chat sites' menus.
 */
export const STORAGE_KEY = 'promptChat'

/** The app tab refreshes this often while it is open. */
export const SYNC_INTERVAL_MS = 30_000

/** Data older than this is not trusted: no app tab has refreshed it lately. */
export const FRESH_FOR_MS = 150_000

export interface StoredState {
  status: 'signed-in' | 'signed-out'
  user: BridgeUser | null
  userPrompts: MenuUserPrompt[]
  systemPrompts: MenuSystemPrompt[]
  activeSystemPrompt: MenuSystemPrompt | null
  /** When an app tab last wrote this (ms since epoch). */
  syncedAt: number
}

export function signedOutState(now: number): StoredState {
  return {
    status: 'signed-out',
    user: null,
    userPrompts: [],
    systemPrompts: [],
    activeSystemPrompt: null,
    syncedAt: now,
  }
}

/** The storage area the extension uses (`chrome.storage.local`, or a fake in tests). */
export interface StorageArea {
  get(key: string): Promise<Record<string, unknown>>
  set(items: Record<string, unknown>): Promise<void>
}

type ChangeListener = (changes: Record<string, { newValue?: unknown }>, areaName: string) => void

/** `chrome.storage.onChanged`, or a fake. */
export interface StorageEvents {
  addListener(listener: ChangeListener): void
  removeListener(listener: ChangeListener): void
}

const PromptBase = { id: v.string(), title: v.string(), content: v.string() }
const SystemSchema = v.object({ ...PromptBase, isActive: v.boolean() })
const StoredSchema = v.object({
  status: v.picklist(['signed-in', 'signed-out']),
  user: v.nullable(
    v.object({ id: v.string(), email: v.string(), displayName: v.nullish(v.string()) }),
  ),
  userPrompts: v.array(
    v.object({ ...PromptBase, averageRating: v.number(), totalRatings: v.number() }),
  ),
  systemPrompts: v.array(SystemSchema),
  activeSystemPrompt: v.nullable(SystemSchema),
  syncedAt: v.number(),
})

/** The stored state, or null when there is none (or it is unreadable, e.g. an older version's). */
export function parseStoredState(value: unknown): StoredState | null {
  const result = v.safeParse(StoredSchema, value)
  return result.success ? result.output : null
}

export async function readState(area: StorageArea): Promise<StoredState | null> {
  const items = await area.get(STORAGE_KEY)
  return parseStoredState(items[STORAGE_KEY])
}

export function writeState(area: StorageArea, state: StoredState): Promise<void> {
  return area.set({ [STORAGE_KEY]: state })
}

/** Calls `listener` with each new stored state; returns the unsubscribe. */
export function onStateChange(
  events: StorageEvents,
  listener: (state: StoredState | null) => void,
): () => void {
  const onChanged: ChangeListener = (changes, areaName) => {
    const change = changes[STORAGE_KEY]
    if (areaName !== 'local' || !change) return
    listener(parseStoredState(change.newValue))
  }
  events.addListener(onChanged)
  return () => events.removeListener(onChanged)
}

/** Fresh enough to show and to act on. */
export function isFresh(state: StoredState | null, now: number): state is StoredState {
  return state !== null && now - state.syncedAt <= FRESH_FOR_MS && state.syncedAt <= now + 60_000
}
