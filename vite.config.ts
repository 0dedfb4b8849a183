import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// One config for the app build and every Vitest project.
// Projects: `unit` (pure modules and machines, node), `component` (React views in jsdom
// over the MSW-hosted mock platform) and `contract` (the SDK against the mock platform
// over real HTTP, on PGlite and on PostgreSQL).
export default defineConfig({
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  build: { outDir: 'dist', sourcemap: true },
  server: { port: 5173 },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/machine/**/*.test.ts', 'tests/property/**/*.test.ts', 'tests/mocks/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['tests/component/**/*.test.tsx'],
          setupFiles: ['tests/setup/component.ts'],
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
