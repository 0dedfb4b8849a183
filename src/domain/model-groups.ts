/** The known providers first, in this order; any other provider follows, alphabetically. */
const PROVIDER_ORDER = ['openai', 'anthropic', 'google']

export interface ModelGroup<M> {
  provider: string
  models: M[]
}

/** docs/product/overview.md: models grouped by provider, matched case-insensitively; model order is kept. */
export function groupModelsByProvider<M extends { provider: string }>(
  models: readonly M[],
): ModelGroup<M>[] {
  const groups = new Map<string, M[]>()
  for (const model of models) {
    const provider = model.provider.toLowerCase()
    const group = groups.get(provider) ?? []
    group.push(model)
    groups.set(provider, group)
  }
  const rank = (provider: string) => {
    const index = PROVIDER_ORDER.indexOf(provider)
    return index === -1 ? PROVIDER_ORDER.length : index
  }
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([provider, members]) => ({ provider, models: members }))
}
