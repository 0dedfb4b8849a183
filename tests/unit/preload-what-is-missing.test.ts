import type { Rolldown } from 'vite'
import { describe, expect, it } from 'vitest'
import { preloadWhatIsMissing, staticClosures } from '../../scripts/preload-what-is-missing'

// The build's preload lists: a lazy chunk's, minus what its importer has loaded already
// (docs/performance.md, "Split").
const chunk = (fileName: string, imports: string[] = []) =>
  ({ type: 'chunk', fileName, imports }) as unknown as Rolldown.OutputChunk
const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', ['assets/react.js', 'assets/runtime.js']),
    chunk('assets/react.js', ['assets/runtime.js']),
    chunk('assets/runtime.js'),
    chunk('assets/screen.js', ['assets/index.js', 'assets/recipes.js']),
    chunk('assets/recipes.js'),
    chunk('assets/dialog.js', ['assets/react.js', 'assets/recipes.js', 'assets/zag.js']),
    chunk('assets/zag.js'),
  ].map((c) => [c.fileName, c]),
) as unknown as Rolldown.OutputBundle

describe('preloadWhatIsMissing', () => {
  it("knows each chunk's static imports, however deep", () => {
    expect([...staticClosures(bundle).get('assets/screen.js')!].sort()).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/recipes.js',
      'assets/runtime.js',
      'assets/screen.js',
    ])
  })

  it('lists for a dynamic import only what its importer does not load already', () => {
    const { plugin, resolveDependencies } = preloadWhatIsMissing()
    const read = plugin.generateBundle as { handler: (options: unknown, b: unknown) => void }
    read.handler({}, bundle)
    const deps = ['assets/react.js', 'assets/recipes.js', 'assets/zag.js']
    expect(
      resolveDependencies('assets/dialog.js', deps, { hostId: 'assets/screen.js', hostType: 'js' }),
    ).toEqual(['assets/zag.js'])
    // The page's own preload links are left as Vite writes them.
    expect(
      resolveDependencies('assets/index.js', deps, { hostId: 'index.html', hostType: 'html' }),
    ).toEqual(deps)
  })
})
