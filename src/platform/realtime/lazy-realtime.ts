import type { PlatformContext } from '../platform-context'
import type { ChannelOptions, RealtimeChannel } from './realtime-channel'
import type { RealtimeClient } from './realtime-client'

type Listen = 'onMessage' | 'onPresence' | 'onError'

/**
 * The realtime client, with its module (the realtime machine and the socket) imported when the
 * first channel is asked for (docs/performance.md, "Split"). `channel()` stays synchronous: it
 * hands back a channel that forwards to the real one once loaded.
 */
export function lazyRealtimeClient(context: PlatformContext): RealtimeClient {
  let client: Promise<RealtimeClient> | undefined
  const ready = () => {
    client ??= import('./realtime-client').then((module) => module.createRealtimeClient(context))
    return client
  }
  const channels = new Map<string, RealtimeChannel>()

  function channel(name: string, options?: ChannelOptions): RealtimeChannel {
    let existing = channels.get(name)
    if (!existing) {
      existing = lazyChannel(
        name,
        ready().then((loaded) => loaded.channel(name, options)),
      )
      channels.set(name, existing)
    }
    return existing
  }

  return {
    channel,
    subscribe: async (...args) => (await ready()).subscribe(...args),
    publish: async (...args) => (await ready()).publish(...args),
    presence: (name) => channel(name).getPresence(),
    // Stopped before the client loaded, it subscribes once loaded and stops at once.
    changes: (table, options) => {
      const stop = ready().then((loaded) => loaded.changes(table, options))
      return () => void stop.then((stopNow) => stopNow())
    },
  }
}

function lazyChannel(name: string, loading: Promise<RealtimeChannel>): RealtimeChannel {
  let real: RealtimeChannel | undefined
  void loading.then(
    (loaded) => {
      real = loaded
    },
    () => {},
  )
  /** A listener added before the module loaded: attached once it has, unless removed first. */
  const listen =
    <K extends Listen>(kind: K) =>
    (listener: Parameters<RealtimeChannel[K]>[0]) => {
      if (real) return real[kind](listener as never)
      let removed = false
      let detach: (() => void) | undefined
      void loading.then(
        (loaded) => {
          if (!removed) detach = loaded[kind](listener as never)
        },
        () => {},
      )
      return () => {
        removed = true
        detach?.()
      }
    }
  // Once loaded, calls go straight through: what the real channel does at once (a frame on
  // the socket) still happens at once.
  const call = <T>(use: (loaded: RealtimeChannel) => Promise<T>): Promise<T> =>
    real ? use(real) : loading.then(use)
  return {
    name,
    subscribe: (...args) => call((c) => c.subscribe(...args)),
    unsubscribe: () => call((c) => c.unsubscribe()),
    publish: (...args) => call((c) => c.publish(...args)),
    getPresence: () => call((c) => c.getPresence()),
    getMessages: (...args) => call((c) => c.getMessages(...args)),
    onMessage: listen('onMessage'),
    onPresence: listen('onPresence'),
    onError: listen('onError'),
    isConnected: () => real?.isConnected() ?? false,
    status: () => real?.status() ?? 'disconnected',
  }
}
