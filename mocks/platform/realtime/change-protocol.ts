import { isPlainObject } from '../http/json-error'

/** The change feed's client frames (docs/wire-contract.md, "Changes"). */
export type ChangeRequest =
  | { type: 'changes.subscribe'; table: string; filter: string | null; since: number | null }
  | { type: 'changes.unsubscribe'; table: string; filter: string | null }

const MAX_TEXT = 1000

/** A `changes.*` frame's request, null for another type, or why it is refused. */
export function changeRequestOf(
  type: string,
  payload: unknown,
): ChangeRequest | { error: string; table?: string } | null {
  if (type !== 'changes.subscribe' && type !== 'changes.unsubscribe') return null
  const body = isPlainObject(payload) ? payload : {}
  const { table, filter, since } = body
  if (typeof table !== 'string' || !table || table.length > MAX_TEXT) {
    return { error: 'table is required' }
  }
  if (filter != null && (typeof filter !== 'string' || filter.length > MAX_TEXT)) {
    return { error: 'filter must be text like column=eq.value', table }
  }
  const filterText = typeof filter === 'string' && filter !== '' ? filter : null
  if (type === 'changes.unsubscribe') return { type, table, filter: filterText }
  if (since != null && !(typeof since === 'number' && Number.isSafeInteger(since) && since >= 0)) {
    return { error: 'since must be a change id', table }
  }
  return { type, table, filter: filterText, since: typeof since === 'number' ? since : null }
}
