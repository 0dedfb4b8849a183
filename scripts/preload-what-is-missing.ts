import type { Plugin, ResolveModulePreloadDependenciesFn, Rolldown } from 'vite'

/**
 * A lazy chunk's preload list without what its importer has loaded already
 * (docs/performance.md, "Split"). Vite writes, beside each dynamic import, the chunks and CSS
 * the imported chunk needs, so that they download side by side rather than one after another.
 * It lists them all, React and the entry included, though the chunk doing the import could not
 * be running without its own static imports. Every such list is code of the importer's: in a
 * first-paint chunk, bytes downloaded for nothing. Here the lists keep only the chunks the
 * importer's static imports do not already bring; CSS is left as Vite lists it.
 *
 * `plugin` reads the bundle's static imports before Vite writes the lists;
 * `resolveDependencies` is `build.modulePreload.resolveDependencies`.
 */
export function preloadWhatIsMissing(): {
  plugin: Plugin
  resolveDependencies: ResolveModulePreloadDependenciesFn
} {
  let loadedWith = new Map<string, Set<string>>()
  const plugin: Plugin = {
    name: 'preload-what-is-missing',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        loadedWith = staticClosures(bundle)
      },
    },
  }
  return {
    plugin,
    resolveDependencies(_file, deps, { hostId, hostType }) {
      const loaded = hostType === 'js' ? loadedWith.get(hostId) : undefined
      return loaded ? deps.filter((dep) => !loaded.has(dep)) : deps
    },
  }
}

/** Each chunk's file and the files of everything it imports statically, however deep. */
export function staticClosures(bundle: Rolldown.OutputBundle): Map<string, Set<string>> {
  const importsOf = new Map<string, readonly string[]>()
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk') importsOf.set(output.fileName, output.imports)
  }
  const closures = new Map<string, Set<string>>()
  for (const file of importsOf.keys()) {
    const seen = new Set<string>()
    const visit = (name: string) => {
      if (seen.has(name)) return
      seen.add(name)
      for (const imported of importsOf.get(name) ?? []) visit(imported)
    }
    visit(file)
    closures.set(file, seen)
  }
  return closures
}
