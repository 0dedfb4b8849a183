import type { PlatformContext } from '../platform-context'
import type { AnalyticsClient } from './analytics-client'
import { analyticsEnabled } from './opt-out'

/**
 * The analytics client, with its module imported on the first call (docs/performance.md,
 * "Split"). `log` and `setUser` stay synchronous: calls made while it loads are replayed in order.
 */
export function lazyAnalyticsClient(context: PlatformContext): AnalyticsClient {
  let real: AnalyticsClient | undefined
  let loading: Promise<AnalyticsClient> | undefined
  const waiting: Array<(client: AnalyticsClient) => void> = []
  const ready = () => {
    loading ??= import('./analytics-client').then((module) => {
      real = module.createAnalyticsClient(context)
      for (const call of waiting.splice(0)) call(real)
      return real
    })
    return loading
  }
  const later = (call: (client: AnalyticsClient) => void) => {
    if (real) return call(real)
    waiting.push(call)
    void ready()
  }
  return {
    log: (type, data) => later((client) => client.log(type, data)),
    setUser: (user) => later((client) => client.setUser(user)),
    flush: async () => (await ready()).flush(),
    isEnabled: () => real?.isEnabled() ?? analyticsEnabled(context.storage, context.browser),
  }
}
