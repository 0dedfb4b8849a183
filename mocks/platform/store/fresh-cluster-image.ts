import { readFile, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'

/**
 * A freshly initialised PGlite cluster as a tar image, for in-memory stores to start from.
 *
 * Running initdb in WASM costs about 1.5 s; loading its image about 0.4 s. Tests open dozens
 * of in-memory stores, each in its own process, so the image is kept in a file beside other
 * temporary files, one per PGlite version, and made once by whichever process needs it first.
 * The image holds nothing but initdb's output: every store still runs its migrations.
 */
export function freshClusterImage(): Promise<Blob> {
  image ??= readOrMakeImage().catch((error: unknown) => {
    image = undefined
    throw error
  })
  return image
}

let image: Promise<Blob> | undefined

async function readOrMakeImage(): Promise<Blob> {
  const file = path.join(tmpdir(), `prompt-chat-pglite-${pgliteVersion()}.tar`)
  try {
    return new Blob([await readFile(file)])
  } catch {
    const db = await PGlite.create()
    const made = await db.dumpDataDir('none')
    await db.close()
    // Written aside and renamed: a process reading meanwhile sees the whole image or none.
    // A directory that cannot be written only costs the next process the same 1.5 s.
    const aside = `${file}.${process.pid}`
    await writeFile(aside, Buffer.from(await made.arrayBuffer()))
      .then(() => rename(aside, file))
      .catch(() => undefined)
    return made
  }
}

/** The installed PGlite's version: an image from another version must not be loaded. */
function pgliteVersion(): string {
  const require = createRequire(import.meta.url)
  const entry = require.resolve('@electric-sql/pglite')
  const manifest = require(path.join(path.dirname(entry), '..', 'package.json')) as {
    version: string
  }
  return manifest.version
}
