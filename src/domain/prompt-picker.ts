import type { PromptRow, PromptType, QuickPromptEntry } from './prompt-types'

/**
 * The `/` prompt picker of the message input (docs/product/variables.md#the--picker): which
 * prompts it offers, how typing filters them, and where the `/query` sits in the input.
 */

/** A prompt the picker offers. */
export interface PickerPrompt {
  id: string
  title: string
  content: string
  type: PromptType
  /** It is in the user's quick menu. */
  quick: boolean
}

/** The `/query` being typed: the slash at `start`, the query after it up to the caret. */
export interface SlashQuery {
  start: number
  query: string
}

const toPicker = (row: PromptRow, quick: boolean): PickerPrompt => ({
  id: row.id,
  title: row.title,
  content: row.content,
  type: row.type,
  quick,
})

/**
 * What the picker offers: the quick prompts in their menu order, then the user's own user
 * prompts not already among them, in the order given (newest first). Each prompt once.
 */
export function pickerPrompts(
  own: readonly PromptRow[],
  quick: readonly QuickPromptEntry[],
): PickerPrompt[] {
  const seen = new Set<string>()
  const offered: PickerPrompt[] = []
  for (const { prompt } of quick) {
    if (seen.has(prompt.id)) continue
    seen.add(prompt.id)
    offered.push(toPicker(prompt, true))
  }
  for (const row of own) {
    if (row.type !== 'user' || seen.has(row.id)) continue
    seen.add(row.id)
    offered.push(toPicker(row, false))
  }
  return offered
}

const squash = (text: string) => text.toLocaleLowerCase().replace(/\s+/g, '')

/**
 * The prompts whose title holds the query, ignoring case and spaces (`/summarisetext` finds
 * "Summarise text"); titles that start with it come first, otherwise the order is kept.
 */
export function matchPickerPrompts(
  prompts: readonly PickerPrompt[],
  query: string,
): PickerPrompt[] {
  const wanted = squash(query)
  if (!wanted) return [...prompts]
  const starts: PickerPrompt[] = []
  const contains: PickerPrompt[] = []
  for (const prompt of prompts) {
    const title = squash(prompt.title)
    if (title.startsWith(wanted)) starts.push(prompt)
    else if (title.includes(wanted)) contains.push(prompt)
  }
  return [...starts, ...contains]
}

/**
 * The `/query` the caret ends, if any: a `/` at the start of the text or after whitespace,
 * followed by no whitespace up to the caret. Whitespace ends a query.
 */
export function slashQueryAt(text: string, caret: number): SlashQuery | null {
  if (caret < 1 || caret > text.length) return null
  let start = caret - 1
  while (start >= 0 && !/\s/.test(text.charAt(start))) start--
  start++
  if (text.charAt(start) !== '/') return null
  return { start, query: text.slice(start + 1, caret) }
}

/** The text with the `/query` replaced by `insert`, and where the caret goes: after it. */
export function replaceSlashQuery(
  text: string,
  slash: SlashQuery,
  insert: string,
): { text: string; caret: number } {
  const end = slash.start + 1 + slash.query.length
  return {
    text: text.slice(0, slash.start) + insert + text.slice(end),
    caret: slash.start + insert.length,
  }
}

/** The options the picker shows now: the loaded prompts matching the `/query` being typed. */
export const pickerMatches = (context: {
  prompts: readonly PickerPrompt[]
  slash: SlashQuery | null
}) => (context.slash ? matchPickerPrompts(context.prompts, context.slash.query) : [])
