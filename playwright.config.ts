import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './e2e/chromium-launch'

// e2e runs in Debian's Chromium (never a downloaded browser) against `npm start`'s server,
// on a fresh embedded database per run.
const PORT = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://localhost:${PORT}`

export default defineConfig({
  testDir: 'e2e',
  // Per port, so two runs on different E2E_PORTs never delete each other's results.
  outputDir: `test-results/e2e-${PORT}`,
  fullyParallel: false,
  // Two workers, one per core, on one server: each test signs up its own users, so tests
  // share nothing but the server (docs/quality.md, "Speed").
  workers: 2,
  // No retries, in CI or not: a flaky test is a bug to fix (docs/quality.md).
  retries: 0,
  reporter: [['list']],
  // Two workers, their two browsers and the server share two cores, and while one worker runs
  // the axe scans the other's pages paint slowly: a 5 s wait for a toast or a focus ran out
  // there (CI, 2026-11-30), as did a 30 s test of paced replies. Machines of the same kind
  // differ too: on 2026-12-01 the same suite ran 1.7 times slower than the day before, and two
  // tests ran out of 45 s. The waits say what must happen, not how fast: speed is measured by
  // the benchmarks (docs/quality.md, "Speed"); a test that hangs still fails, at 90 s.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // Recording a trace costs every test CPU, and the suite is CPU-bound on two cores: CI
    // records none (a failure keeps its screenshot and the server's log); locally, a failure
    // keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `rm -rf .data/e2e-${PORT} && npm start`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    // The provider fakes answer every LLM call: e2e never reaches a real provider.
    env: {
      PORT: String(PORT),
      DATA_DIR: `.data/e2e-${PORT}`,
      HOST: '127.0.0.1',
      FAKE_PROVIDERS: '1',
    },
  },
})
