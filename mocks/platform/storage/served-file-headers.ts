/**
 * Headers for serving a stored file from our own origin. Uploaded bytes are strangers'
 * content: the browser must never sniff them into HTML or script, and anything but media,
 * PDF and plain text is a download rather than a page.
 */

const INLINE_TYPES = [
  /^image\/(png|jpeg|gif|webp|bmp|x-icon|tiff|avif|heic)$/,
  /^audio\//,
  /^video\//,
]
const INLINE_EXACT = new Set(['application/pdf', 'text/plain'])

export function isSafeInline(contentType: string): boolean {
  return INLINE_EXACT.has(contentType) || INLINE_TYPES.some((pattern) => pattern.test(contentType))
}

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266 with an RFC 8187 UTF-8 name). */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

export function servedFileHeaders(file: {
  contentType: string
  size: number
  filename: string
  forceDownload: boolean
  /** Served to its owner alone: no cache, shared or not, keeps a copy. */
  isPrivate?: boolean
}): Record<string, string> {
  const kind = !file.forceDownload && isSafeInline(file.contentType) ? 'inline' : 'attachment'
  return {
    'Content-Type': file.contentType,
    'Content-Length': String(file.size),
    'Content-Disposition': contentDisposition(kind, file.filename),
    'X-Content-Type-Options': 'nosniff',
    // An upsert replaces the bytes behind the same URL: caches must check again. A private
    // file's bytes are kept by no cache at all (docs/wire-contract.md, "Private objects").
    'Cache-Control': file.isPrivate ? 'private, no-store' : 'no-cache',
  }
}
