export interface Preferences {
  returnRepresentation: boolean
  countExact: boolean
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null
}

/**
 * `Prefer: return=representation, count=exact`. The hosted platform's SDK separates values
 * with spaces instead of commas, so both separators are accepted.
 */
export function parsePrefer(header: string | null): Preferences {
  const values = new Set((header ?? '').split(/[\s,]+/).filter(Boolean))
  const resolution = values.has('resolution=merge-duplicates')
    ? 'merge-duplicates'
    : values.has('resolution=ignore-duplicates')
      ? 'ignore-duplicates'
      : null
  return {
    returnRepresentation: values.has('return=representation'),
    countExact: values.has('count=exact'),
    resolution,
  }
}
