import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { isCompressible } from '../mocks/server/compressible'

// `npm run build`, after vite build: writes file.br and file.gz next to every text asset, so
// the server sends them as they are instead of compressing on each request
// (docs/performance.md, "Serving").
const brotli = promisify(brotliCompress)
const gz = promisify(gzip)
const dist = path.resolve(process.argv[2] ?? 'dist')

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(full)
    else yield full
  }
}

async function compress(file: string): Promise<[number, number, number]> {
  const input = await readFile(file)
  const [br, gzipped] = await Promise.all([
    brotli(input, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
      },
    }),
    gz(input, { level: constants.Z_BEST_COMPRESSION }),
  ])
  // A sibling that is not smaller would only cost the client a decode.
  if (br.length < input.length) await writeFile(`${file}.br`, br)
  if (gzipped.length < input.length) await writeFile(`${file}.gz`, gzipped)
  return [input.length, gzipped.length, br.length]
}

const started = performance.now()
const jobs: Array<Promise<[number, number, number]>> = []
for await (const file of files(dist)) {
  // Source maps are fetched only by developer tools: not worth brotli's maximum effort.
  if (!isCompressible(file) || file.endsWith('.map')) continue
  jobs.push(compress(file))
}
const sizes = await Promise.all(jobs)
const sum = (i: 0 | 1 | 2) => sizes.reduce((total, s) => total + s[i], 0)
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
console.log(
  `compress-dist: ${sizes.length} files, ${kb(sum(0))} → gzip ${kb(sum(1))}, brotli ${kb(sum(2))} ` +
    `in ${Math.round(performance.now() - started)} ms`,
)
