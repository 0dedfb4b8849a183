import { providerLabel } from './server-models'

/** The known providers first, in this order; any other provider follows, alphabetically by its label. */
const PROVIDER_ORDER = ['openai', 'anthropic', 'google']

export interface ModelGroup<M> {
  provider: string
  /** What the group is called: the provider, or for a user's server its name (server-models.ts). */
  label: string
  models: M[]
}

/** docs/product/overview.md: models grouped by provider, matched case-insensitively; model order is kept. */
export function groupModelsByProvider<M extends { provider: string; description?: string }>(
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
    .map(([provider, members]) => ({
      provider,
      label: providerLabel({ provider, description: members[0]?.description ?? '' }),
      models: members,
    }))
    .sort(
      (a, b) =>
        rank(a.provider) - rank(b.provider) ||
        a.label.localeCompare(b.label) ||
        a.provider.localeCompare(b.provider),
    )
}
