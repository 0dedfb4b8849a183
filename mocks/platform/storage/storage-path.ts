/**
 * The rules a storage path must follow on the server. Paths are free-form keys chosen by the
 * caller (`avatars/me.png` as well as our app's `user_<id>/…`), never file-system paths (files
 * on disk are named by a hash of the key), but the rules still refuse anything that looks like
 * a traversal or could confuse a reader: `..`, absolute paths, backslashes, control and
 * direction-changing characters, broken UTF-16 and empty segments. Who may write a path is
 * decided by its owner (storage-objects.ts); the one rule about names is the home folder below.
 */

/** In bytes of UTF-8: the key is a primary key, and an index entry holds at most ~2.7 kB. */
export const MAX_PATH_BYTES = 1024

export type PathCheck = { ok: true } | { ok: false; status: 400 | 403; message: string }

// C0 and C1 controls, DEL, and the invisible marks that reorder text (a name that reads
// "photo.png" but is "photo\u202Egnp.exe").
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/
/** A lone surrogate: not text, and not storable as UTF-8. */
const BROKEN_UTF16 = /\p{Cs}/u

/** Syntax alone (any caller may read any valid path). */
export function checkPathSyntax(path: unknown): PathCheck {
  const bad = (message: string): PathCheck => ({ ok: false, status: 400, message })
  if (typeof path !== 'string' || path.trim() === '') return bad('Path must be a non-empty string')
  if (path.length > MAX_PATH_BYTES || Buffer.byteLength(path, 'utf8') > MAX_PATH_BYTES) {
    return bad(`Path is longer than ${MAX_PATH_BYTES} bytes`)
  }
  if (CONTROL.test(path)) return bad('Path may not contain control characters')
  if (BROKEN_UTF16.test(path)) return bad('Path may not contain unpaired surrogates')
  if (path.includes('\\')) return bad('Path may not contain backslashes')
  if (path.startsWith('/')) return bad('Path must be relative (no leading /)')
  const segments = path.split('/')
  if (segments.some((segment) => segment === '')) return bad('Path may not have empty segments')
  if (segments.some((segment) => segment === '.' || segment === '..')) {
    return bad('Path may not contain . or .. segments')
  }
  return { ok: true }
}

/**
 * A first segment shaped like a user id (the auth service's `user_` and 32 hex digits) is that
 * user's home folder: only they may write in it, so nobody can take a path our app will want
 * (`user_<id>/…`) before its user does. The same rule is in the database's policies
 * (storage-migrations.ts, version 101).
 */
const HOME_FOLDER = /^user_[0-9a-f]{32}$/

/** The user whose home folder `path` lies in, or null for a path outside every home folder. */
export function homeFolderOf(path: string): string | null {
  const first = path.slice(0, path.includes('/') ? path.indexOf('/') : path.length)
  return HOME_FOLDER.test(first) ? first : null
}

/** Syntax, then the home-folder rule: a path in another user's home folder is not theirs. */
export function checkWritablePath(path: unknown, userId: string): PathCheck {
  const syntax = checkPathSyntax(path)
  if (!syntax.ok) return syntax
  const home = homeFolderOf(path as string)
  if (home !== null && home !== userId) {
    return { ok: false, status: 403, message: `The folder ${home}/ belongs to another user` }
  }
  return { ok: true }
}

/** The last segment of a path: the file's name. */
export function fileNameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1)
}

/** A download name: one plain segment (it ends up in a Content-Disposition header). */
export function checkFileName(name: string): PathCheck {
  const bad = (message: string): PathCheck => ({ ok: false, status: 400, message })
  if (name.trim() === '' || name.length > 255) return bad('filename must be 1 to 255 characters')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f/\\]/.test(name)) {
    return bad('filename may not contain slashes or control characters')
  }
  if (BROKEN_UTF16.test(name)) return bad('filename may not contain unpaired surrogates')
  return { ok: true }
}
