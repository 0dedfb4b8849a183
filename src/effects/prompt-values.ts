import type { VariableValues } from '../domain/prompt-variables'
import type { KeyValueStorage } from '../platform/index'

/**
 * What the active system prompt's variables were filled with, kept per user and prompt in the
 * browser's local storage (docs/product/data.md#local-storage-keys), so a reload fills the
 * prompt as it was filled when activated. The prompt itself keeps its variables.
 */
export const promptValuesKey = (userId: string, promptId: string) =>
  `promptValues:${userId}:${promptId}`

/** Keeps the values; a browser that refuses storage only loses them (the defaults fill in). */
export function rememberValues(
  storage: KeyValueStorage,
  userId: string,
  promptId: string,
  values: VariableValues,
): void {
  try {
    storage.setItem(promptValuesKey(userId, promptId), JSON.stringify(values))
  } catch (error) {
    console.error('Failed to remember the prompt values', error)
  }
}

/** The values kept for the prompt: only string values of a plain object, else none. */
export function recallValues(
  storage: KeyValueStorage,
  userId: string,
  promptId: string,
): Record<string, string> {
  const kept = storage.getItem(promptValuesKey(userId, promptId))
  if (!kept) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(kept)
  } catch {
    return {}
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {}
  const values: Record<string, string> = {}
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value === 'string') values[name] = value
  }
  return values
}
