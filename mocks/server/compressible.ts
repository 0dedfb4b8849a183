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
