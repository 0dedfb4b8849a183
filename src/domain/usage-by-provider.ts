import { type StoredUsage, totalOf, type UsageTotal } from './model-prices'

/** The start of the calendar month `now` falls in, in the user's own time zone, as ISO 8601. */
export function monthStart(now: Date): string {
  return new Date(now.getFullYear(), now.getMonth(), 1).toISOString()
}

/** A provider's share of the month: who it is as the user knows it, and its total. */
export interface ProviderUsage {
  provider: string
  total: UsageTotal
}

/** Models of the user's own servers carry this prefix (docs/product/servers.md). */
const SERVER_MODEL = /^server:/

/**
 * The month's replies grouped by provider, in the order the providers are listed, with
 * servers of the user's own as one group and models no longer listed under 'Other'. Providers
 * with no replies are left out.
 */
export function usageByProvider(
  rows: readonly StoredUsage[],
  models: ReadonlyArray<{ id: string; provider: string }>,
): ProviderUsage[] {
  const providerOf = new Map(models.map((m) => [m.id, m.provider.toLowerCase()]))
  const groups = new Map<string, StoredUsage[]>()
  for (const row of rows) {
    const provider = SERVER_MODEL.test(row.modelId)
      ? 'servers'
      : (providerOf.get(row.modelId) ?? 'other')
    groups.set(provider, [...(groups.get(provider) ?? []), row])
  }
  const order = [...new Set([...models.map((m) => m.provider.toLowerCase()), 'servers', 'other'])]
  return order
    .filter((provider) => groups.has(provider))
    .map((provider) => ({ provider, total: totalOf(groups.get(provider) ?? []) }))
    .filter(({ total }) => total.replies > 0)
}

/** How a provider group is named on screen. */
export function providerLabel(provider: string): string {
  switch (provider) {
    case 'openai':
      return 'OpenAI'
    case 'anthropic':
      return 'Anthropic'
    case 'google':
      return 'Google'
    case 'servers':
      return 'Your servers'
    case 'other':
      return 'Other models'
    default:
      return provider
  }
}
