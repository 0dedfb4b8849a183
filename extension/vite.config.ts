import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { InlineConfig } from 'vite'

const here = path.dirname(fileURLToPath(import.meta.url))

/** The extension's scripts: each one file of its own (content scripts cannot be ES modules). */
export const EXTENSION_ENTRIES = {
  background: 'src/background.ts',
  'app-content': 'src/app-content.ts',
  'chat-content': 'src/chat-content.ts',
  'menu-frame': 'src/menu-frame.ts',
} as const

/** Where the unpacked extension goes: dist-extension/chrome-extension/ unless EXTENSION_OUT_DIR says. */
export function extensionOutDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(here, '..', env.EXTENSION_OUT_DIR || 'dist-extension/chrome-extension')
}

/**
 * The extension's Vite build, one entry at a time (extension/build.ts runs it for each): a
 * self-contained IIFE with the app origin baked in, no remote code and no eval.
 */
export function extensionViteConfig(
  name: keyof typeof EXTENSION_ENTRIES,
  appOrigin: string,
  outDir: string = extensionOutDir(),
): InlineConfig {
  return {
    configFile: false,
    root: here,
    logLevel: 'warn',
    publicDir: false,
    define: { __APP_ORIGIN__: JSON.stringify(appOrigin) },
    build: {
      outDir,
      emptyOutDir: false,
      target: 'chrome116',
      minify: false,
      sourcemap: false,
      modulePreload: false,
      lib: {
        entry: path.resolve(here, EXTENSION_ENTRIES[name]),
        formats: ['iife'],
        name: `promptChat_${name.replace(/\W/g, '_')}`,
        fileName: () => `${name}.js`,
      },
    },
  }
}
