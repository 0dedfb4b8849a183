import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

// A context an e2e opens with `browser.newContext()` outlives its test: it stays signed in,
// with its sockets and timers, for the rest of the worker, and slowed every later test
// (docs/quality.md, "Speed"). Specs open other browsers through the `freshContext` fixture
// (e2e/support/test.ts), which closes what the test opened.

const E2E = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../e2e')
const FIXTURE = path.join(E2E, 'support', 'test.ts')

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) return entry.name === 'artifacts' ? [] : sources(full)
    return entry.name.endsWith('.ts') ? [full] : []
  })
}

it('no e2e opens a browser context of its own but through freshContext', () => {
  const offenders = sources(E2E)
    .filter((file) => file !== FIXTURE)
    .filter((file) => /\bbrowser\s*\.\s*newContext\s*\(/.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(E2E, file))
  expect(offenders).toEqual([])
  expect(readFileSync(FIXTURE, 'utf8')).toMatch(/context\.close\(\)/)
})
