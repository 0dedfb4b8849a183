/**
 * File type detection from the first bytes of a file (its "magic bytes"): the type comes from
 * the first 12 bytes, never from the name the caller chose, and a path's extension is corrected
 * to match. The SDK and the platform both run it, so they name a file alike.
 */

/** How many leading bytes decide the type. */
export const SNIFF_LENGTH = 12

export interface FileType {
  /** The extension without its dot, lower case: 'png', 'mp3', 'bin'. */
  extension: string
  contentType: string
}

/** A known signature: `pattern[i]` must equal byte i; `null` matches any byte. */
export interface FileSignature extends FileType {
  pattern: ReadonlyArray<number | null>
}

export const UNKNOWN_FILE_TYPE: FileType = {
  extension: 'bin',
  contentType: 'application/octet-stream',
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))
const any = (count: number) => Array<null>(count).fill(null)
const sig = (extension: string, contentType: string, pattern: Array<number | null>) => ({
  extension,
  contentType,
  pattern,
})

/**
 * The signatures, most specific first: the first match wins, so a family's specific members
 * (an `ftyp` box of brand `M4A `) come before its catch-all (any other `ftyp` is mp4).
 */
export const FILE_SIGNATURES: ReadonlyArray<FileSignature> = [
  // Images
  sig('png', 'image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  sig('jpg', 'image/jpeg', [0xff, 0xd8, 0xff]),
  sig('gif', 'image/gif', [...ascii('GIF87a')]),
  sig('gif', 'image/gif', [...ascii('GIF89a')]),
  sig('webp', 'image/webp', [...ascii('RIFF'), ...any(4), ...ascii('WEBP')]),
  // "BM" alone is too common in text; a real header has four zero reserved bytes at 6–9.
  sig('bmp', 'image/bmp', [...ascii('BM'), ...any(4), 0, 0, 0, 0]),
  sig('ico', 'image/x-icon', [0x00, 0x00, 0x01, 0x00]),
  sig('tiff', 'image/tiff', [0x49, 0x49, 0x2a, 0x00]),
  sig('tiff', 'image/tiff', [0x4d, 0x4d, 0x00, 0x2a]),
  sig('avif', 'image/avif', [...any(4), ...ascii('ftypavif')]),
  sig('heic', 'image/heic', [...any(4), ...ascii('ftypheic')]),
  // Audio
  sig('mp3', 'audio/mpeg', [...ascii('ID3')]),
  // Bare MPEG audio frames: sync bits, then a layer III header (MPEG 1, 2 and 2.5, ± CRC).
  sig('mp3', 'audio/mpeg', [0xff, 0xfb]),
  sig('mp3', 'audio/mpeg', [0xff, 0xfa]),
  sig('mp3', 'audio/mpeg', [0xff, 0xf3]),
  sig('mp3', 'audio/mpeg', [0xff, 0xf2]),
  sig('mp3', 'audio/mpeg', [0xff, 0xe3]),
  sig('mp3', 'audio/mpeg', [0xff, 0xe2]),
  sig('wav', 'audio/wav', [...ascii('RIFF'), ...any(4), ...ascii('WAVE')]),
  sig('ogg', 'audio/ogg', [...ascii('OggS')]),
  sig('flac', 'audio/flac', [...ascii('fLaC')]),
  sig('m4a', 'audio/mp4', [...any(4), ...ascii('ftypM4A ')]),
  // Video
  sig('mov', 'video/quicktime', [...any(4), ...ascii('ftypqt  ')]),
  sig('mp4', 'video/mp4', [...any(4), ...ascii('ftyp')]),
  sig('webm', 'video/webm', [0x1a, 0x45, 0xdf, 0xa3]),
  sig('avi', 'video/x-msvideo', [...ascii('RIFF'), ...any(4), ...ascii('AVI ')]),
  // Documents and archives
  sig('pdf', 'application/pdf', [...ascii('%PDF-')]),
  sig('zip', 'application/zip', [0x50, 0x4b, 0x03, 0x04]),
  sig('zip', 'application/zip', [0x50, 0x4b, 0x05, 0x06]),
  sig('gz', 'application/gzip', [0x1f, 0x8b, 0x08]),
  sig('7z', 'application/x-7z-compressed', [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]),
  sig('rar', 'application/vnd.rar', [...ascii('Rar!'), 0x1a, 0x07]),
  // Programs: detected so the platform can refuse them (see isExecutableType).
  sig('exe', 'application/vnd.microsoft.portable-executable', [...ascii('MZ')]),
  sig('elf', 'application/x-elf', [0x7f, ...ascii('ELF')]),
]

const EXECUTABLE_TYPES = new Set([
  'application/vnd.microsoft.portable-executable',
  'application/x-elf',
])

/** Native programs: the platform will not host them on its origin. */
export function isExecutableType(contentType: string): boolean {
  return EXECUTABLE_TYPES.has(contentType)
}

export function matchesSignature(bytes: Uint8Array, signature: FileSignature): boolean {
  const { pattern } = signature
  if (bytes.length < pattern.length) return false
  return pattern.every((expected, index) => expected === null || bytes[index] === expected)
}

/** The type the leading bytes show; only the first SNIFF_LENGTH bytes are read. */
export function detectFileType(bytes: Uint8Array): FileType {
  const head = bytes.subarray(0, SNIFF_LENGTH)
  const match = FILE_SIGNATURES.find((signature) => matchesSignature(head, signature))
  return match ? { extension: match.extension, contentType: match.contentType } : UNKNOWN_FILE_TYPE
}

/** Other spellings of an extension that already say the right type (kept as written). */
const EQUIVALENT_EXTENSIONS: Record<string, readonly string[]> = {
  jpg: ['jpeg', 'jpe'],
  tiff: ['tif'],
}

/**
 * `path` with its file name's extension made to match `extension`: `a/photo.txt` → `a/photo.png`,
 * `a/photo` → `a/photo.png`. An equivalent spelling (`.JPEG` for jpg) is left alone. A leading
 * dot (`.profile`) is a name, not an extension.
 */
export function withExtension(path: string, extension: string): string {
  const slash = path.lastIndexOf('/')
  const name = path.slice(slash + 1)
  const dot = name.lastIndexOf('.')
  const base = dot > 0 ? name.slice(0, dot) : name
  // Stryker disable next-line StringLiteral: no extension is any text that is not an extension
  const current = dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
  if (current === extension || EQUIVALENT_EXTENSIONS[extension]?.includes(current)) return path
  return `${path.slice(0, slash + 1)}${base}.${extension}`
}
