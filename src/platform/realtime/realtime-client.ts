import type { Metadata, PresenceUser, RealtimeMessage } from '../../../contract/realtime-frames'
import type { PlatformContext } from '../platform-context'
import {
  type ChannelOptions,
  createRealtimeChannel,
  type PresenceOptions,
  type RealtimeChannel,
} from './realtime-channel'
import { type ChangesOptions, subscribeToChanges } from './table-changes'

export type { PresenceUser, RealtimeMessage } from '../../../contract/realtime-frames'
export type { RealtimeChannel } from './realtime-channel'
export type { ChangesOptions, TableChange } from './table-changes'

/**
 * The realtime calls of the platform (docs/product/calls.md#platform-calls), shaped like the hosted SDK:
 *
 * - `channel(name)` → a RealtimeChannel (one per name): subscribe, unsubscribe, publish,
 *   onMessage, onPresence, onError, getPresence, getMessages, isConnected, status.
 * - `subscribe(name, onMessage, options)` → joins and listens; resolves with an unsubscribe.
 * - `publish(name, type, data, options)` → over HTTP (`POST …/publish`), no socket needed.
 * - `presence(name)` → `GET …/presence?channel`.
 * - `changes(table, {filter, onChange, onReload})` → a table's changes under row-level
 *   security; returns the stop (docs/wire-contract.md, "Changes").
 */
export function createRealtimeClient(context: PlatformContext) {
  const channels = new Map<string, RealtimeChannel>()

  function channel(name: string, options?: ChannelOptions): RealtimeChannel {
    let existing = channels.get(name)
    if (!existing) {
      existing = createRealtimeChannel(name, context, options)
      channels.set(name, existing)
    }
    return existing
  }

  return {
    channel,

    async subscribe(
      name: string,
      onMessage: (message: RealtimeMessage) => void,
      options?: PresenceOptions,
    ): Promise<() => Promise<void>> {
      const joined = channel(name)
      const stopListening = joined.onMessage(onMessage)
      try {
        await joined.subscribe(options)
      } catch (error) {
        stopListening()
        throw error
      }
      return async () => {
        stopListening()
        await joined.unsubscribe()
      }
    },

    async publish(
      name: string,
      type: string,
      data: unknown,
      options: { metadata?: Metadata } = {},
    ): Promise<string> {
      const { data: answer } = await context.http.request<{ messageId: string }>(
        `/api/realtime/${encodeURIComponent(context.projectId)}/publish`,
        {
          method: 'POST',
          body: { channel: name, type, data: data ?? null, metadata: options.metadata ?? {} },
          convertKeys: false,
        },
      )
      return answer.messageId
    },

    presence: (name: string): Promise<PresenceUser[]> => channel(name).getPresence(),

    changes: (table: string, options: ChangesOptions): (() => void) =>
      subscribeToChanges(context, table, options),
  }
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>
