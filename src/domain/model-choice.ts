/** What the initial model choice needs to know of a model. */
export interface ChoosableModel {
  id: string
  provider: string
}

/** Whether `modelId` is one of the loaded models. */
export function isListed(models: readonly ChoosableModel[], modelId: string | null): boolean {
  return modelId !== null && models.some((model) => model.id === modelId)
}

/**
 * The model a session starts with (docs/product/behaviour.md#chat-context): the one the user
 * last picked, if it is still listed; else the first whose provider has a saved key (provider
 * names compared case-insensitively); else the first loaded. Null only when none loaded.
 */
export function initialModelId(
  models: readonly ChoosableModel[],
  remembered: string | null,
  keyProviders: readonly string[],
): string | null {
  if (isListed(models, remembered)) return remembered
  const withKey = new Set(keyProviders.map((provider) => provider.toLowerCase()))
  const keyed = models.find((model) => withKey.has(model.provider.toLowerCase()))
  return keyed?.id ?? models[0]?.id ?? null
}
