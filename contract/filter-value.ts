/**
 * Filter values on the wire (docs/wire-contract.md, "Filter values"). The hosted SDK
 * percent-encodes every filter value itself and then `URLSearchParams` encodes the query string
 * again, so after the server's own query-string decoding its values still read `a%20b`.
 *
 * The rule: a value is decoded once more exactly when it is `encodeURIComponent` of another
 * string, that is when it holds a `%` and re-encoding its decoding gives it back unchanged.
 * Anything else (`%foo%`, `100%`, `a b`, a lowercase `%2c`, a `%` that does not decode) is
 * the value itself. The encoding is one-to-one, so every value has exactly one reading, and a
 * client that means a literal value of that encoded form (`%41`, `a%20b`) sends it encoded once
 * more (`encodeFilterValue`).
 */
export function decodeFilterValue(text: string): string {
  // Stryker disable next-line ConditionalExpression,StringLiteral: a fast path; decoding a text without % gives the text back
  if (!text.includes('%')) return text
  try {
    const decoded = decodeURIComponent(text)
    return encodeURIComponent(decoded) === text ? decoded : text
  } catch {
    // Not UTF-8 once decoded, or a lone surrogate: not an encoding, so the value itself.
    return text
  }
}

/**
 * What a client sends so that the server reads `value`: the value itself, unless the server
 * would decode it, then its encoding (which decodes back to it).
 */
export function encodeFilterValue(value: string): string {
  return decodeFilterValue(value) === value ? value : encodeURIComponent(value)
}
