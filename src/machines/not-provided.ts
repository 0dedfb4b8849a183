/**
 * The default of every effect a machine names: it fails loudly until the app (or a test)
 * supplies the real one with `machine.provide(...)` (docs/architecture.md).
 */
export function notProvided(name: string): Error {
  return new Error(`'${name}' not provided`)
}
