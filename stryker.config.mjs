// Mutation testing (docs/quality.md, "Mutation testing"): `npm run mutation -- <folder>` runs
// this once per folder, with MUTATE set to it (scripts/mutation.ts). Not part of `npm test`.
const folder = process.env.MUTATE ?? 'src/providers'
const report = `reports/mutation/${folder.replaceAll('/', '-')}`

export default {
  testRunner: 'vitest',
  // Only the test files that import the folder, from the fast suites: a mutant is run against
  // the tests that reach its line, and the component and contract suites take minutes a run.
  vitest: { configFile: 'vite.config.ts', related: true },
  testFiles: [
    'tests/unit/**/*.test.ts',
    'tests/machine/**/*.test.ts',
    'tests/property/**/*.test.ts',
    'tests/mocks/**/*.test.ts',
  ],
  coverageAnalysis: 'perTest',
  // A mutant in code that runs as a module loads (a constant, a frozen table) never takes
  // effect under the Vitest runner: the module has loaded once per worker before the mutant is
  // switched on, so such mutants "survive" tests that assert the very value (the default
  // provider URLs, checked by tests/unit/providers/provider-base-urls-config.test.ts). They are
  // left out of the score rather than counted as misses (docs/quality.md, "Mutation testing").
  ignoreStatic: true,
  mutate: [`${folder}/**/*.ts`, `${folder}/**/*.tsx`, '!**/*.d.ts'],
  // A second run tests only the mutants whose code or tests changed.
  incremental: true,
  incrementalFile: `${report}.incremental.json`,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `${report}.json` },
  // The sandbox is a copy of the project: none of what builds and runs leave behind.
  ignorePatterns: [
    'dist',
    'dist-extension',
    '.data',
    'test-results',
    'playwright-report',
    'e2e/artifacts',
    'reports',
  ],
  // Stryker rewrites the tsconfig in its sandbox through TypeScript's JavaScript API, which
  // TypeScript 7 no longer has. Vitest never reads it, so a name that is no file skips that.
  tsconfigFile: 'no-tsconfig-for-stryker.json',
  concurrency: 2,
  timeoutMS: 20_000,
}
