import { createHash } from 'node:crypto'
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
 * The image holds nothing but initdb's output.
 */
export function freshClusterImage(): Promise<Blob> {
  return cachedImage(`prompt-chat-pglite-${pgliteVersion()}.tar`, async () => {
    const db = await PGlite.create()
    const made = await db.dumpDataDir('none')
    await db.close()
    return made
  })
}

/**
 * An in-memory cluster after a set of migrations, made by `make` once per `key` (what the
 * image depends on: the migrations' text) and PGlite version, and kept like the fresh image.
 * Running the platform's and the app's migrations costs an in-memory store about a second,
 * and the tests open over a hundred of them (docs/quality.md, "Speed").
 */
export function migratedClusterImage(key: string, make: () => Promise<Blob>): Promise<Blob> {
  const hash = createHash('sha256').update(pgliteVersion()).update('\0').update(key).digest('hex')
  return cachedImage(`prompt-chat-pglite-migrated-${hash.slice(0, 24)}.tar`, make)
}

const images = new Map<string, Promise<Blob>>()

function cachedImage(name: string, make: () => Promise<Blob>): Promise<Blob> {
  let image = images.get(name)
  if (!image) {
    image = readOrMakeImage(path.join(tmpdir(), name), make).catch((error: unknown) => {
      images.delete(name)
      throw error
    })
    images.set(name, image)
  }
  return image
}

async function readOrMakeImage(file: string, make: () => Promise<Blob>): Promise<Blob> {
  try {
    return new Blob([await readFile(file)])
  } catch {
    const made = await make()
    // Written aside and renamed: a process reading meanwhile sees the whole image or none.
    // A directory that cannot be written only costs the next process the same work again.
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
