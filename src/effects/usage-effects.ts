import { fromPromise } from 'xstate'
import { usageMachine } from '../machines/usage.machine'
import type { PlatformClient } from '../platform/index'
import { logError } from './notify'

export interface UsageEffectsOptions {
  platform: PlatformClient
  currentUserId: () => string
  now?: () => number
}

/** This month's usage per provider, from the user's own replies (docs/product/usage.md). */
export function provideUsage(options: UsageEffectsOptions) {
  const now = options.now ?? Date.now
  return usageMachine.provide({
    actors: {
      'load usage': fromPromise(async () => {
        const { readMonthUsage } = await import('./month-usage')
        return readMonthUsage(options.platform, options.currentUserId(), now())
      }),
    },
    actions: { 'log error': logError },
  })
}
