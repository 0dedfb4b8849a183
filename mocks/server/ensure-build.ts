import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

// What the built app depends on: when any of it is newer than the last build (or the VITE_*
// settings changed), `npm start` rebuilds first, so it works right after `npm ci`.
const INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'panda.config.ts',
  'postcss.config.cjs',
  'package-lock.json',
]
const STAMP = '.build-stamp.json'

export function ensureBuild(root: string, env: NodeJS.ProcessEnv = process.env): void {
  const wanted = buildStamp(root, env)
  const stampFile = path.join(root, 'dist', STAMP)
  const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : ''
  if (current === wanted && existsSync(path.join(root, 'dist', 'index.html'))) return

  console.log('[server] building the app (dist/ is missing or stale)…')
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env })
  if (result.status !== 0) throw new Error('npm run build failed')
  writeFileSync(stampFile, wanted)
}

function buildStamp(root: string, env: NodeJS.ProcessEnv): string {
  const newest = Math.max(...INPUTS.map((p) => newestMtime(path.join(root, p))))
  const viteEnv = Object.keys(env)
    .filter((k) => k.startsWith('VITE_'))
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
    newest = Math.max(newest, newestMtime(path.join(target, entry)))
  }
  return newest
}
