// `npm run mutation -- [folder ...]`: Stryker on each folder in turn (stryker.config.mjs), by
// default the six the mutation score is kept for (docs/quality.md, "Mutation testing"). Each
// folder keeps its own incremental file under reports/mutation, so a second run tests only
// the mutants whose code or tests changed. Not part of `npm test`: a folder takes minutes to
// hours on two cores.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const FOLDERS = [
  'src/machines',
  'src/domain',
  'src/platform',
  'src/providers',
  'contract',
  'mocks/platform/rest',
]

const asked = process.argv.slice(2).map((folder) => folder.replace(/\/+$/, ''))
const folders = asked.length > 0 ? asked : FOLDERS
const missing = folders.filter((folder) => !existsSync(folder))
if (missing.length > 0) {
  console.error(`No such folder: ${missing.join(', ')}`)
  process.exit(2)
}

let failed = false
for (const folder of folders) {
  console.log(`\nMutation testing ${folder}`)
  const started = Date.now()
  const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, MUTATE: folder },
  })
  console.log(`${folder}: ${((Date.now() - started) / 60_000).toFixed(1)} min`)
  if (run.status !== 0) failed = true
}
process.exit(failed ? 1 : 0)
