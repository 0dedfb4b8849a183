import type { TokenUsage } from '../../../contract/ai-text'
import { AIError } from '../errors'

type Shape = Record<string, unknown>

const isRecord = (value: unknown): value is Shape =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** docs/product/errors.md#platform-errors: an AI answer without the fields its call promises is an error, never a guess. */
export function invalidResponse(missing: string, body: unknown): AIError {
  return new AIError(`Invalid response format: missing ${missing}`, { details: body })
}

export function expectObject(body: unknown): Shape {
  if (!isRecord(body)) throw invalidResponse('body', body)
  return body
}

export function expectString(body: Shape, key: string): string {
  const value = body[key]
  if (typeof value !== 'string') throw invalidResponse(key, body)
  return value
}

/** Usage is optional on the wire; missing counts read as 0, a missing total as the sum. */
export function usageFrom(value: unknown): TokenUsage {
  const usage = isRecord(value) ? value : {}
  const n = (key: string) => (typeof usage[key] === 'number' ? (usage[key] as number) : 0)
  const promptTokens = n('promptTokens')
  const completionTokens = n('completionTokens')
  return {
    promptTokens,
    completionTokens,
    totalTokens:
      typeof usage.totalTokens === 'number' ? usage.totalTokens : promptTokens + completionTokens,
  }
}

export function finishReasonFrom(body: Shape): string {
  return typeof body.finishReason === 'string' ? body.finishReason : 'stop'
}
