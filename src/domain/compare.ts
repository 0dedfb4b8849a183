/** docs/product/compare.md: a comparison asks at least two models and at most four. */
export const COMPARE_MIN_MODELS = 2
export const COMPARE_MAX_MODELS = 4

/** The models a comparison may ask, from those chosen: each once, at most four. */
export const compareSet = (modelIds: readonly string[]): string[] =>
  [...new Set(modelIds)].slice(0, COMPARE_MAX_MODELS)
