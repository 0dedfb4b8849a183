/**
 * How each method of a service is forwarded: `call` for one returning a promise, `stream` for an
 * async generator. Listing every key makes the compiler check the facade has all of them.
 */
export type LazyMethods<T> = { [K in keyof T]: 'call' | 'stream' }

type AnyMethod = (...args: unknown[]) => unknown

/**
 * A service whose module is imported, and the service built, on its first call
 * (docs/performance.md, "Split"): an app that never calls it never downloads it. Its methods
 * already return promises or async iterables, so the facade has the same type as the service.
 */
export function lazyService<T extends object>(load: () => Promise<T>, methods: LazyMethods<T>): T {
  let loaded: T | undefined
  let service: Promise<T> | undefined
  const ready = () => {
    // A failed import may be retried on the next call (a network blip, a new deployment).
    service ??= load().then(
      (value) => {
        loaded = value
        return value
      },
      (error: unknown) => {
        service = undefined
        throw error
      },
    )
    return service
  }
  const method = (target: T, name: keyof T) => (target[name] as AnyMethod).bind(target)
  const facade: Record<string, AnyMethod> = {}
  for (const [name, kind] of Object.entries(methods) as Array<[keyof T & string, string]>) {
    facade[name] =
      kind === 'stream'
        ? async function* (...args: unknown[]) {
            yield* method(loaded ?? (await ready()), name)(...args) as AsyncIterable<unknown>
          }
        : // Once loaded, straight through: the call starts in the same tick, as it did before.
          (...args: unknown[]) =>
            loaded ? method(loaded, name)(...args) : ready().then((t) => method(t, name)(...args))
  }
  return facade as T
}
