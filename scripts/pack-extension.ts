// Packs the built extension for the install dialog's Download Extension button
// (docs/product/screens.md#install-extension): dist-extension/chrome-extension/ becomes
// dist/chrome-extension.zip, holding one top-level chrome-extension/ folder, so extracting it
// gives the folder Chrome's "Load unpacked" wants. Run by `npm run build` after `vite build`
// (which empties dist/) and `npm run build:extension`.
//
//   tsx scripts/pack-extension.ts [extension folder] [zip file]
//
// The folder may also come from PACK_EXTENSION_DIR. The zip is deterministic: entries sorted
// by path, every entry with the same modification time, so one build gives one file.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { type Zippable, zipSync } from 'fflate'

/** The folder name inside the zip, which is what the user loads unpacked. */
const ZIP_FOLDER = 'chrome-extension'
/** Local time on purpose: fflate writes DOS times from local fields, so this is the same
 * 1980-01-01 00:00 (the earliest DOS time) in every time zone. */
const FIXED_MTIME = new Date(1980, 0, 1, 0, 0, 0)

/** Every file under `dir`, as forward-slash paths relative to it, sorted. */
function filesUnder(dir: string, prefix = ''): string[] {
  const found: string[] = []
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    const relative = prefix ? `${prefix}/${name}` : name
    if (statSync(full).isDirectory()) found.push(...filesUnder(full, relative))
    else found.push(relative)
  }
  return found.sort()
}

/** The zip's bytes: `chrome-extension/<path>` for every file of `sourceDir`. */
export function packExtension(sourceDir: string): Uint8Array {
  if (!existsSync(path.join(sourceDir, 'manifest.json'))) {
    throw new Error(
      `No built extension at ${sourceDir} (manifest.json is missing). ` +
        'Run `npm run build:extension` first, or pass the extension folder as the first argument.',
    )
  }
  const entries: Zippable = {}
  for (const file of filesUnder(sourceDir)) {
    entries[`${ZIP_FOLDER}/${file}`] = [
      new Uint8Array(readFileSync(path.join(sourceDir, file))),
      { mtime: FIXED_MTIME },
    ]
  }
  return zipSync(entries, { level: 9 })
}

function main() {
  const root = process.cwd()
  const sourceDir = path.resolve(
    root,
    process.argv[2] ?? process.env.PACK_EXTENSION_DIR ?? 'dist-extension/chrome-extension',
  )
  const zipFile = path.resolve(root, process.argv[3] ?? 'dist/chrome-extension.zip')
  try {
    const zip = packExtension(sourceDir)
    mkdirSync(path.dirname(zipFile), { recursive: true })
    writeFileSync(zipFile, zip)
    console.log(`[pack-extension] ${path.relative(root, zipFile)} (${zip.byteLength} bytes)`)
  } catch (error) {
    console.error(`[pack-extension] ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  }
}

// Run as a script (not when a test imports packExtension).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main()
