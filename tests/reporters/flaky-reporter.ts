import type { Reporter, TestCase } from 'vitest/node'

/**
 * Names every test that passed only on a retry (CI retries once, see vite.config.ts), so a
 * flaky test is seen and fixed rather than hidden by the retry.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = []

  onTestCaseResult(testCase: TestCase) {
    const { retryCount = 0 } = testCase.diagnostic() ?? {}
    if (retryCount > 0 && testCase.result().state === 'passed') {
      this.flaky.push(`${testCase.module.moduleId} › ${testCase.fullName} (retried ×${retryCount})`)
    }
  }

  onTestRunEnd() {
    if (this.flaky.length === 0) return
    console.warn(`\n[flaky] ${this.flaky.length} test(s) passed only on a retry:`)
    for (const name of this.flaky) console.warn(`  ${name}`)
  }
}
