import type { ChatUsage } from './chat-types'

/**
 * What a model's tokens cost, in US dollars per million, as its provider lists them for
 * standard (non-batch, non-cached) use, as of 2025-11-01. The table ships with the app and is
 * documented in docs/product/usage.md; a model missing from it (a server of the user's own, a
 * model added later) shows its tokens without a cost.
 */
export interface ModelPrice {
  inputPerMillion: number
  outputPerMillion: number
}

export const MODEL_PRICES: Readonly<Record<string, ModelPrice>> = Object.freeze({
  'gpt-5': { inputPerMillion: 1.25, outputPerMillion: 10 },
  'gpt-5-mini': { inputPerMillion: 0.25, outputPerMillion: 2 },
  'gpt-4.1': { inputPerMillion: 2, outputPerMillion: 8 },
  'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 },
  'claude-sonnet-4-5': { inputPerMillion: 3, outputPerMillion: 15 },
  'claude-opus-4-1': { inputPerMillion: 15, outputPerMillion: 75 },
  'claude-haiku-4-5': { inputPerMillion: 1, outputPerMillion: 5 },
  'gemini-2.5-pro': { inputPerMillion: 1.25, outputPerMillion: 10 },
  'gemini-2.5-flash': { inputPerMillion: 0.3, outputPerMillion: 2.5 },
  'gemini-2.5-flash-lite': { inputPerMillion: 0.1, outputPerMillion: 0.4 },
})

/** Token counts as a reply row stores them: null when the provider did not say. */
export interface StoredUsage {
  modelId: string
  promptTokens?: number | null
  completionTokens?: number | null
  totalTokens?: number | null
  /** How many replies the counts are the sum of: 1 for a row, more for a sum by model. */
  replies?: number
}

/** The counts of a stored reply, or null when it has none (user messages, older rows). */
export function usageOf(row: StoredUsage): ChatUsage | null {
  const prompt = row.promptTokens ?? null
  const completion = row.completionTokens ?? null
  if (prompt === null && completion === null && (row.totalTokens ?? null) === null) return null
  const promptTokens = prompt ?? 0
  const completionTokens = completion ?? 0
  return {
    promptTokens,
    completionTokens,
    totalTokens: row.totalTokens ?? promptTokens + completionTokens,
  }
}

/** What a reply cost in dollars; null when the model has no listed price. */
export function costOf(modelId: string, usage: ChatUsage): number | null {
  const price = Object.hasOwn(MODEL_PRICES, modelId) ? MODEL_PRICES[modelId] : undefined
  if (!price) return null
  return (
    (usage.promptTokens * price.inputPerMillion + usage.completionTokens * price.outputPerMillion) /
    1_000_000
  )
}

/** A running total over replies: tokens always, cost over the priced ones. */
export interface UsageTotal {
  replies: number
  promptTokens: number
  completionTokens: number
  totalTokens: number
  cost: number
  /** Replies counted in the tokens but not in the cost (no listed price). */
  unpriced: number
}

export const EMPTY_TOTAL: UsageTotal = Object.freeze({
  replies: 0,
  promptTokens: 0,
  completionTokens: 0,
  totalTokens: 0,
  cost: 0,
  unpriced: 0,
})

/**
 * Adds up the replies that carry usage; rows without counts are left out. A price is per
 * token, so a model's summed counts cost what its replies cost one by one.
 */
export function totalOf(rows: readonly StoredUsage[]): UsageTotal {
  const total = { ...EMPTY_TOTAL }
  for (const row of rows) {
    const usage = usageOf(row)
    if (!usage) continue
    const replies = row.replies ?? 1
    total.replies += replies
    total.promptTokens += usage.promptTokens
    total.completionTokens += usage.completionTokens
    total.totalTokens += usage.totalTokens
    const cost = costOf(row.modelId, usage)
    if (cost === null) total.unpriced += replies
    else total.cost += cost
  }
  return total
}

const plain = new Intl.NumberFormat('en-US')

/** `1 token`, `1,234 tokens`. */
export function formatTokens(count: number): string {
  return `${plain.format(count)} ${count === 1 ? 'token' : 'tokens'}`
}

/**
 * Dollars at a precision that shows small replies: `$0`, `<$0.0001`, `$0.0042`, `$0.12`,
 * `$12.50`.
 */
export function formatCost(usd: number): string {
  if (usd === 0) return '$0'
  if (usd < 0.0001) return '<$0.0001'
  if (usd < 0.01) return `$${usd.toFixed(4)}`
  if (usd < 1) return `$${usd.toFixed(3).replace(/0$/, '')}`
  return `$${usd.toFixed(2)}`
}
