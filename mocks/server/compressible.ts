import path from 'node:path'

/**
 * Text formats worth compressing (docs/performance.md, "Serving"). Images, fonts (woff2 is
 * already brotli inside) and zips are compressed formats: a second pass only costs CPU.
 */
const TEXT_EXTENSIONS = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
  '.map',
  '.wasm',
])

export function isCompressible(file: string): boolean {
  return TEXT_EXTENSIONS.has(path.extname(file).toLowerCase())
}

/** The precompressed siblings the build writes, in the order the server prefers them. */
export const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const

export type Encoding = (typeof ENCODINGS)[number]['name']
/** The encodings the client accepts, with their weights (`br;q=0` refuses brotli). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>()
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name)
  }
  return accepted
}
