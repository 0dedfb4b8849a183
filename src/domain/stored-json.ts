/** What a stored JSON text holds, or null when nothing is stored or it does not parse. */
export function readStoredJson(text: string | null): unknown {
  try {
    return text === null ? null : JSON.parse(text)
  } catch {
    return null
  }
}
