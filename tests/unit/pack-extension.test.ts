import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packExtension } from '../../scripts/pack-extension'

// The zip behind Download Extension (docs/product/screens.md#install-extension).
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pack-extension-'))
  await mkdir(path.join(dir, 'ext', 'icons'), { recursive: true })
  await writeFile(path.join(dir, 'ext', 'manifest.json'), '{"manifest_version":3}')
  await writeFile(path.join(dir, 'ext', 'icons', 'icon-16.png'), 'png')
  await writeFile(path.join(dir, 'ext', 'content.js'), 'console.log(1)')
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('packExtension', () => {
  it('puts every file under one top-level chrome-extension/ folder, sorted', () => {
    const files = unzipSync(packExtension(path.join(dir, 'ext')))
    expect(Object.keys(files)).toEqual([
      'chrome-extension/content.js',
      'chrome-extension/icons/icon-16.png',
      'chrome-extension/manifest.json',
    ])
    expect(new TextDecoder().decode(files['chrome-extension/manifest.json'])).toBe(
      '{"manifest_version":3}',
    )
  })

  it('gives the same bytes for the same files, whenever they were written', async () => {
    const first = packExtension(path.join(dir, 'ext'))
    await writeFile(path.join(dir, 'ext', 'content.js'), 'console.log(1)')
    expect(packExtension(path.join(dir, 'ext'))).toEqual(first)
  })

  it('refuses a folder without a manifest, naming the command that builds one', () => {
    expect(() => packExtension(path.join(dir, 'missing'))).toThrow(/npm run build:extension/)
  })
})
