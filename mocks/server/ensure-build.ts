import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

// What the built app depends on: when any of it is newer than the last build (or the VITE_*
// settings or the extension's app origin changed), `npm start` rebuilds first, so it works right after `npm ci`. The build
// also packs the Chrome extension into dist/chrome-extension.zip, so its sources count too.
const INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'panda.config.ts',
  'postcss.config.cjs',
  'package.json',
  'package-lock.json',
  'extension',
  'scripts/pack-extension.ts',
  'scripts/compress-dist.ts',
]
/** What a finished build leaves in dist/; a missing one means building again. */
const OUTPUTS = ['index.html', '.vite/manifest.json', 'chrome-extension.zip']
const STAMP = '.build-stamp.json'

/**
 * `anySettings`: a build of the current sources is enough, whatever settings it was made with
 * (the bundle budget reads sizes, which the settings do not change).
 */
export function ensureBuild(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
  { anySettings = false } = {},
): void {
  const wanted = buildStamp(root, env)
  const stampFile = path.join(root, 'dist', STAMP)
  const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : ''
  const built = OUTPUTS.every((file) => existsSync(path.join(root, 'dist', file)))
  const sameSources = () =>
    current !== '' && JSON.parse(current).newest === JSON.parse(wanted).newest
  if (built && (current === wanted || (anySettings && sameSources()))) return

  console.log('[server] building the app (dist/ is missing or stale)…')
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env })
  if (result.status !== 0) throw new Error('npm run build failed')
  writeFileSync(stampFile, wanted)
}

function buildStamp(root: string, env: NodeJS.ProcessEnv): string {
  const newest = Math.max(...INPUTS.map((p) => newestMtime(path.join(root, p))))
  // Build-time settings: the app's VITE_* and the extension's app origin.
  const viteEnv = Object.keys(env)
    .filter((k) => k.startsWith('VITE_') || k === 'EXTENSION_APP_ORIGIN')
    .sort()
    .map((k) => [k, env[k]])
  return JSON.stringify({ newest, viteEnv })
}

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules') continue
    newest = Math.max(newest, newestMtime(path.join(target, entry)))
  }
  return newest
}
