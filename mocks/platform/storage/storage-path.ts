/**
 * The rules a storage path must follow on the server. Paths are keys, never file-system
 * paths (files on disk are named by a hash of the key), but the rules still refuse anything
 * that looks like a traversal or could confuse a reader: `..`, absolute paths, backslashes,
 * control characters and empty segments.
 */

export const MAX_PATH_LENGTH = 1024

export type PathCheck = { ok: true } | { ok: false; status: 400 | 403; message: string }

/** Syntax alone (any caller may read any valid path). */
export function checkPathSyntax(path: unknown): PathCheck {
  const bad = (message: string): PathCheck => ({ ok: false, status: 400, message })
  if (typeof path !== 'string' || path.trim() === '') return bad('Path must be a non-empty string')
  if (path.length > MAX_PATH_LENGTH) return bad(`Path is longer than ${MAX_PATH_LENGTH} characters`)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(path)) return bad('Path may not contain control characters')
  if (path.includes('\\')) return bad('Path may not contain backslashes')
  if (path.startsWith('/')) return bad('Path must be relative (no leading /)')
  const segments = path.split('/')
  if (segments.some((segment) => segment === '')) return bad('Path may not have empty segments')
  if (segments.some((segment) => segment === '.' || segment === '..')) {
    return bad('Path may not contain . or .. segments')
  }
  return { ok: true }
}

/** Syntax, then ownership: a user writes only inside `<their id>/`. */
export function checkWritablePath(path: unknown, userId: string): PathCheck {
  const syntax = checkPathSyntax(path)
  if (!syntax.ok) return syntax
  if (!(path as string).startsWith(`${userId}/`)) {
    return {
      ok: false,
      status: 403,
      message: `You may only write under your own folder: ${userId}/`,
    }
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
  return { ok: true }
}
