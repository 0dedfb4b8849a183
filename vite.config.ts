import { availableParallelism } from 'node:os'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { lexerOnlyMarked } from './scripts/lexer-only-marked.ts'
import { preloadWhatIsMissing } from './scripts/preload-what-is-missing.ts'

const preloads = preloadWhatIsMissing()

// One config for the app build and every Vitest project.
// Projects: `unit` (pure modules and machines, node), `component` (React views in jsdom
// over the MSW-hosted mock platform), `extension` (the Chrome extension's scripts in jsdom
// with a fake `chrome.*`; the extension's own build is extension/vite.config.ts) and
// `contract` (the SDK against the mock platform over real HTTP, on PGlite and on PostgreSQL).
export default defineConfig({
  plugins: [react(), lexerOnlyMarked(), preloads.plugin],
  resolve: { tsconfigPaths: true },
  // The manifest tells scripts/check-bundle-budget.ts which chunk loads when (docs/performance.md).
  build: {
    outDir: 'dist',
    // Maps are written for debugging and profiling, but the chunks do not name them: a
    // `sourceMappingURL` comment is bytes every user downloads (docs/performance.md, "Split").
    sourcemap: 'hidden',
    manifest: true,
    // All of XState in one chunk: both first paints load it whole, and every cut between its
    // modules costs a list of shared names (docs/performance.md, "Split").
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [
            { name: 'xstate', test: /node_modules[\\/]xstate[\\/]/ },
            { name: 'react', test: /node_modules[\\/]react[\\/]/ },
            // What the signed-in page's views and its actors both use, in one chunk rather
            // than a chunk each (docs/performance.md, "Split").
            {
              name: 'session-shared',
              test: /src[\\/](machines[\\/]turn-state|domain[\\/](last-exchange|chat-message|message-ids|chat-context|prompt-variables|server-models|model-prices|keyboard-shortcuts)|effects[\\/]prompt-values|ui[\\/]shell[\\/]on-mac)\.ts$/,
            },
          ],
        },
      },
    },
    // Every browser the app targets preloads modules itself (Safari since 17); one without
    // still runs the app, fetching each chunk when imported (docs/performance.md, "Split").
    modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
  },
  // `npm run dev` forwards the platform to `npm start`'s server, so the page stays same-origin.
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/auth': 'http://localhost:3000' },
  },
  test: {
    // No retries, in CI or not: a flaky test is a bug to fix (docs/quality.md).
    // Vitest's default is one worker fewer than the cores, one on a 2-core machine: most files
    // wait on a database, a socket or a server as much as on the CPU, so every core runs one
    // (docs/quality.md, "Speed").
    maxWorkers: availableParallelism(),
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'tests/unit/**/*.test.ts',
            'tests/machine/**/*.test.ts',
            'tests/property/**/*.test.ts',
            'tests/mocks/**/*.test.ts',
          ],
          setupFiles: ['tests/setup/unit.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['tests/component/**/*.test.tsx'],
          setupFiles: ['tests/setup/component.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'extension',
          environment: 'jsdom',
          include: ['tests/extension/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          environment: 'node',
          include: ['tests/contract/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
