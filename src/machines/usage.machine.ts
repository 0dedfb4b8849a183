import { assign, type DoneActorEvent, fromPromise, setup } from 'xstate'
import type { ProviderUsage } from '../domain/usage-by-provider'
import { notProvided } from './not-provided'

// docs/product/usage.md: this month's tokens and cost per provider, shown in the keys dialog.

export interface UsageContext {
  byProvider: ProviderUsage[]
  /** The month shown, as its first day (ISO 8601); null before the first load. */
  month: string | null
}

export type UsageEvent = { type: 'usage.refresh' }

/** docs/product/errors.md#toasts is not used: a failed read shows inline, in the dialog. */
export const USAGE_FAILED_MESSAGE = 'Could not load this month’s usage'

/**
 * This month's usage per provider, read when the keys dialog opens (`usage.refresh`); a
 * refresh while one is running starts it again, so the newest read wins.
 */
export const usageMachine = setup({
  types: { context: {} as UsageContext, events: {} as UsageEvent },
  actors: {
    'load usage': fromPromise<{ byProvider: ProviderUsage[]; month: string }>(async () => {
      throw notProvided('load usage')
    }),
  },
  actions: {
    'log error': (_, _params: { error: unknown }) => {
      throw notProvided('log error')
    },
  },
}).createMachine({
  id: 'usage',
  context: { byProvider: [], month: null },
  initial: 'idle',
  on: { 'usage.refresh': { target: '.loading', reenter: true } },
  states: {
    idle: {},
    loading: {
      tags: 'loading',
      invoke: {
        id: 'usageLoader',
        src: 'load usage',
        onDone: {
          target: 'loaded',
          actions: assign(
            ({
              event,
            }: {
              event: DoneActorEvent<{ byProvider: ProviderUsage[]; month: string }>
            }) => event.output,
          ),
        },
        onError: {
          target: 'failed',
          actions: { type: 'log error', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loaded: {},
    failed: { tags: 'error' },
  },
})
