/** docs/architecture.md: links and images in rendered messages may use only these schemes. */
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:'])

/**
 * The URL when it is safe to put in an href or src, else ''. Relative URLs (no scheme) are
 * kept; control characters and whitespace that browsers strip are removed first, so
 * `java\nscript:` cannot sneak past the scheme check.
 */
export function safeUrl(url: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1]
  if (scheme === undefined) return cleaned.startsWith('//') ? '' : url.trim()
  return SAFE_SCHEMES.has(`${scheme.toLowerCase()}:`) ? url.trim() : ''
}
