// Runs shell commands side by side and prints each one's output whole, in order, once it
// ends; exits non-zero if any failed. `npm test` runs the type check and the linters this way:
// tsc uses one core and the linters are short, so together they take about as long as tsc
// alone (docs/quality.md, "Speed").
import { spawn } from 'node:child_process'

const commands = process.argv.slice(2)
if (commands.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs "command" ["command" ...]')
  process.exit(2)
}

const runs = commands.map(
  (command) =>
    new Promise((resolve) => {
      const started = performance.now()
      const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] })
      const output = []
      child.stdout.on('data', (chunk) => output.push(chunk))
      child.stderr.on('data', (chunk) => output.push(chunk))
      child.on('close', (code, signal) =>
        resolve({
          command,
          code: code ?? 1,
          signal,
          output,
          seconds: (performance.now() - started) / 1000,
        }),
      )
      child.on('error', (error) => {
        output.push(Buffer.from(`${error}\n`))
      })
    }),
)

let failed = 0
for (const run of runs) {
  const { command, code, signal, output, seconds } = await run
  const outcome = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`
  process.stdout.write(`\n> ${command}\n`)
  process.stdout.write(Buffer.concat(output))
  process.stdout.write(`> ${command}: ${outcome} in ${seconds.toFixed(1)} s\n`)
  if (code !== 0) failed++
}
process.exit(failed === 0 ? 0 : 1)
