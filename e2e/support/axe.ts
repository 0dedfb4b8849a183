import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations']

/**
 * Everything axe finds wrong on the page, or within what `include` selects: every rule, each
 * violation with every element it names. Cheaper than AxeBuilder's defaults, and as thorough for
 * a page without frames (docs/quality.md, "Speed"):
 * - `resultTypes: ['violations']`: every rule still runs on every element, but a passed,
 *   incomplete or inapplicable rule names one element, not all (each costs a selector);
 * - legacy mode: `axe.run` in the page, not `runPartial` plus `finishRun` in a blank page opened
 *   for every scan. It skips cross-origin frames, so a page with frames gets the default scan.
 */
export async function axeViolations(page: Page, include?: string): Promise<Violations> {
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] })
  if (page.frames().length === 1) builder = builder.setLegacyMode()
  if (include) builder = builder.include(include)
  return (await builder.analyze()).violations
}

/**
 * The serious and critical findings, within what `include` selects, each as `rule: elements`:
 * what the specs assert is empty, named so a failure says what to fix.
 */
export async function axeBlocking(page: Page, include?: string): Promise<string[]> {
  return (await axeViolations(page, include))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}
