import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'vite'
import { iconPng } from './icons'
import { appOriginFrom, createManifest } from './manifest'
import { MENU_FRAME_PAGE } from './src/runtime-messages'
import { EXTENSION_ENTRIES, extensionOutDir, extensionViteConfig } from './vite.config'

// `npm run build:extension`: the unpacked extension in dist-extension/chrome-extension/, for
// the app origin in EXTENSION_APP_ORIGIN (default http://localhost:3000); EXTENSION_OUT_DIR
// (relative to the repo) builds elsewhere, as e2e does so as not to touch the packed one.
const appOrigin = appOriginFrom(process.env.EXTENSION_APP_ORIGIN)
const outDir = extensionOutDir()
const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string
}

await rm(outDir, { recursive: true, force: true })
await mkdir(path.join(outDir, 'icons'), { recursive: true })
for (const name of Object.keys(EXTENSION_ENTRIES) as Array<keyof typeof EXTENSION_ENTRIES>) {
  await build(extensionViteConfig(name, appOrigin, outDir))
}
// The menu frame's page (docs/security.md "The extension menu lives in the extension's frame"):
// a classic script of its own, as the extension pages' CSP allows no inline script.
await writeFile(
  path.join(outDir, MENU_FRAME_PAGE),
  '<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Prompt Chat</title></head>\n' +
    '<body><script src="menu-frame.js"></script></body>\n</html>\n',
)
await writeFile(
  path.join(outDir, 'manifest.json'),
  `${JSON.stringify(createManifest(appOrigin, pkg.version), null, 2)}\n`,
)
for (const size of [16, 48, 128]) {
  await writeFile(path.join(outDir, 'icons', `icon-${size}.png`), iconPng(size))
}
console.log(`[extension] built for ${appOrigin} in ${path.relative(process.cwd(), outDir)}`)
