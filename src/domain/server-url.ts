/**
 * The rules for an OpenAI-compatible server the user adds in the keys dialog
 * (docs/product/servers.md): a name, a base URL and an optional key.
 */

/** The longest server name, in characters (the database checks the same). */
export const SERVER_NAME_MAX = 50

/** docs/product/errors.md#openai-compatible-servers: what the Add server form says under a field. */
export const SERVER_FIELD_MESSAGES = {
  nameRequired: 'Enter a name for this server',
  nameTooLong: `Use at most ${SERVER_NAME_MAX} characters for the name`,
  nameTaken: (name: string) => `You already have a server named ${name}`,
  urlRequired: 'Enter the base URL of this server',
  urlScheme: 'Base URL must start with http:// or https://',
  urlInvalid: 'Enter a valid URL, like http://localhost:11434',
  urlCredentials: 'Leave the user name and password out of the URL; put a key in API key',
  urlQuery: 'Leave ? and # out of the base URL',
} as const

export type BaseUrlCheck = { ok: true; url: string } | { ok: false; error: string }

const HTTP_PREFIX = /^https?:\/\//i
/** What is taken off the end of a path: slashes, and `/v1` (the API's own prefix, added per call). */
const TRAILING = /(?:\/+|\/v1)$/i

/**
 * Checks a base URL and brings it to one form: http or https only, well formed, without
 * credentials, a query or a fragment; trailing slashes and a trailing `/v1` are taken off
 * (repeatedly, so the result is stable), since the app adds `/v1/…` itself. So
 * `http://localhost:11434`, `http://localhost:11434/` and `http://localhost:11434/v1` all
 * give `http://localhost:11434`.
 */
export function normaliseBaseUrl(input: string): BaseUrlCheck {
  const text = input.trim()
  if (text === '') return { ok: false, error: SERVER_FIELD_MESSAGES.urlRequired }
  if (!HTTP_PREFIX.test(text)) return { ok: false, error: SERVER_FIELD_MESSAGES.urlScheme }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { ok: false, error: SERVER_FIELD_MESSAGES.urlInvalid }
  }
  if (!url.hostname) return { ok: false, error: SERVER_FIELD_MESSAGES.urlInvalid }
  if (url.username || url.password) {
    return { ok: false, error: SERVER_FIELD_MESSAGES.urlCredentials }
  }
  // `?` or `#` alone leave search and hash empty, so the text itself is checked too.
  if (url.search || url.hash || /[?#]/.test(text)) {
    return { ok: false, error: SERVER_FIELD_MESSAGES.urlQuery }
  }
  let path = url.pathname
  while (TRAILING.test(path)) path = path.replace(TRAILING, '')
  return { ok: true, url: `${url.protocol}//${url.host}${path}` }
}

/** What is wrong with a server name, or null when it will do. Names are trimmed first. */
export function serverNameError(input: string): string | null {
  const name = input.trim()
  if (name === '') return SERVER_FIELD_MESSAGES.nameRequired
  // Characters as the database counts them (code points), not UTF-16 units.
  if ([...name].length > SERVER_NAME_MAX) return SERVER_FIELD_MESSAGES.nameTooLong
  return null
}

/** What the Add server form holds. */
export interface ServerDraft {
  name: string
  baseUrl: string
  apiKey: string
}

/** A draft that passed: trimmed name and key, normalised URL. */
export interface ServerSubmission {
  name: string
  baseUrl: string
  /** '' when the server takes no key. */
  apiKey: string
}

export interface ServerDraftErrors {
  name: string | null
  baseUrl: string | null
}

export type ServerDraftCheck =
  | { ok: true; server: ServerSubmission }
  | { ok: false; errors: ServerDraftErrors }

/**
 * Checks the whole form: the name (required, at most 50 characters, not one the user already
 * has, compared without regard to case) and the base URL. The key is optional.
 */
export function checkServerDraft(
  draft: ServerDraft,
  takenNames: readonly string[],
): ServerDraftCheck {
  const name = draft.name.trim()
  const taken = new Set(takenNames.map((n) => n.trim().toLowerCase()))
  const nameError =
    serverNameError(name) ??
    (taken.has(name.toLowerCase()) ? SERVER_FIELD_MESSAGES.nameTaken(name) : null)
  const url = normaliseBaseUrl(draft.baseUrl)
  if (nameError || !url.ok) {
    return { ok: false, errors: { name: nameError, baseUrl: url.ok ? null : url.error } }
  }
  return { ok: true, server: { name, baseUrl: url.url, apiKey: draft.apiKey.trim() } }
}
