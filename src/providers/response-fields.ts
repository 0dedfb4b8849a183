// Defensive reads of a provider's reply: any field may be missing or of another type.

/** A provider's count, or 0 when it left it out or sent something that is not a number. */
export function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0
}

/** Text the provider sent, or undefined when it is missing or empty. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** The model the provider reports, falling back to the one asked for. */
export function reportedModel(value: unknown, requested: string): string {
  return typeof value === 'string' && value ? value : requested
}
