import type { ChatMessage } from './chat-message'

/** docs/product/compare.md: a comparison asks at least two models and at most four. */
export const COMPARE_MIN_MODELS = 2
export const COMPARE_MAX_MODELS = 4

/** The models a comparison may ask, from those chosen: each once, at most four. */
export const compareSet = (modelIds: readonly string[]): string[] =>
  [...new Set(modelIds)].slice(0, COMPARE_MAX_MODELS)

/**
 * A sent message compared again (docs/product/compare.md#comparing-again): the models it goes
 * to, and the reply it had on screen, which stays as a version.
 */
export interface CompareAgain {
  compareWith?: readonly string[]
  reply?: ChatMessage | null
}
