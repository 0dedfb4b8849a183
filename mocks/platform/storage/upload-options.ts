import { isPlainObject } from '../http/json-error'

/** The hosted SDK's `options` field is `{"upsert":true}`; anything longer is not that. */
const MAX_OPTIONS_LENGTH = 1024

export interface UploadOptions {
  /** Replace the caller's object already at the path. */
  upsert: boolean
  /** Read and served only for its owner (docs/wire-contract.md, "Private objects"). */
  isPrivate: boolean
}

/**
 * An upload's options from its multipart fields: our SDK sends `upsert=true` and
 * `private=true`, the hosted SDK `options={"upsert":true}`. The message of a 400 otherwise.
 */
export function uploadOptionsOf(form: FormData): UploadOptions | { error: string } {
  const upsert = upsertOf(form)
  if (upsert === null) return { error: 'options must be a JSON object such as {"upsert":true}' }
  const privacy = form.get('private')
  // Strict: a misspelt value must not quietly make a private file public.
  if (privacy !== null && privacy !== 'true' && privacy !== 'false') {
    return { error: 'private must be true or false' }
  }
  return { upsert, isPrivate: privacy === 'true' }
}

/** Null when `options` is not a JSON object. */
function upsertOf(form: FormData): boolean | null {
  if (form.get('upsert') === 'true') return true
  const options = form.get('options')
  if (options === null) return false
  if (typeof options !== 'string' || options.length > MAX_OPTIONS_LENGTH) return null
  try {
    const parsed: unknown = JSON.parse(options)
    return isPlainObject(parsed) ? parsed.upsert === true : null
  } catch {
    return null
  }
}
