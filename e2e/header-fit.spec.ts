import { expect, type Page, test } from '@playwright/test'
import { axeBlocking } from './support/axe'
import { createPrompt, openLibrary } from './support/prompts'
import { ARTIFACTS, signUp, waitForToastsToGo } from './support/session'

// Issue 11, "A header that fits": from 320 to 1440 px the signed-in header neither truncates a
// word nor wraps, nothing in it overlaps, and every bar button is on screen. Checked by
// element boxes at each width, in both themes, at the default root font size and at the style
// editor's largest (18 px), with a system prompt whose title is far too long to show whole.
const WIDTHS = [320, 390, 768, 800, 1024, 1440]
const LONG_TITLE = 'Senior TypeScript reviewer who explains every finding with examples'
const LONGEST_MODEL = 'Gemini 2.5 Flash-Lite'
/** Bar items that lose their label first (the model picker keeps its name longer). */
const LABELLED = ['Install Extension', 'Quick Prompts', 'Library', 'Style', 'Sign Out']

test.describe.configure({ mode: 'serial' })
test.use({ actionTimeout: 20_000 })

/** Creates a system prompt with a long title and activates it. */
async function activateLongSystemPrompt(page: Page) {
  const library = await openLibrary(page)
  await createPrompt(
    page,
    library,
    { title: LONG_TITLE, content: 'Review the code; explain each finding with an example.' },
    { system: true, isPublic: false },
  )
  await library.getByRole('tab', { name: 'My Prompts' }).click()
  await library
    .getByRole('article', { name: LONG_TITLE })
    .getByRole('button', { name: 'Activate' })
    .click()
  await expect(page.getByTestId('active-prompt-badge')).toHaveText(`Active: ${LONG_TITLE}`)
  await library.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(library).toBeHidden()
}

/** Selects the longest model name there is, the worst case for the bar. */
async function pickLongestModel(page: Page) {
  await page
    .getByRole('navigation', { name: 'Toolbar' })
    .getByRole('button', { name: /Select Model|GPT|Claude|Gemini/ })
    .click()
  const picker = page.getByRole('dialog', { name: 'Select AI Model' })
  await picker.getByRole('button', { name: new RegExp(LONGEST_MODEL) }).click()
  await expect(picker).toBeHidden()
}

interface Layout {
  problems: string[]
  /** Bar items whose label shows, by accessible name. */
  labelled: string[]
  /** Bar items shown as icons only. */
  iconOnly: string[]
  badgeWidth: number | null
  badgeText: string | null
  brandNameShown: boolean
  /** The width the header would need for every label: left side at its least plus the full bar. */
  barWidth: number
  headerWidth: number
}

/**
 * Reads the header's boxes: every visible part (brand mark, brand name, badge, bar buttons)
 * must lie apart from the others and inside the viewport, every text run on one line, and
 * no label or name cut short (only the badge's title may end in an ellipsis).
 */
function readLayout(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const problems: string[] = []
    const header = document.querySelector('header')
    if (!header) throw new Error('no header')
    const vw = document.documentElement.clientWidth
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect()
      return el.checkVisibility() && r.width > 1 && r.height > 1
    }
    const describe = (el: Element) =>
      el.getAttribute('aria-label') ??
      el.getAttribute('data-testid') ??
      (el.textContent?.trim() || el.tagName)
    const brand = header.firstElementChild as HTMLElement
    const parts: Element[] = [
      ...Array.from(brand.children),
      ...Array.from(header.querySelectorAll('nav[aria-label="Toolbar"] button')),
    ].filter(visible)
    const boxes = parts.map((el) => ({ name: describe(el), r: el.getBoundingClientRect() }))
    boxes.forEach((a, i) => {
      if (a.r.left < -0.5 || a.r.right > vw + 0.5) {
        problems.push(`${a.name} is outside the viewport (${a.r.left}..${a.r.right})`)
      }
      for (const b of boxes.slice(i + 1)) {
        const overlap =
          Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left) > 0.5 &&
          Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top) > 0.5
        if (overlap) problems.push(`${a.name} overlaps ${b.name}`)
      }
    })
    // Every text run in the header sits on one line.
    const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim()
      const parent = node.parentElement
      if (!text || !parent || !visible(parent)) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      const tops = new Set(
        Array.from(range.getClientRects())
          .filter((r) => r.width > 0)
          .map((r) => Math.round(r.top)),
      )
      if (tops.size > 1) problems.push(`"${text}" wraps onto ${tops.size} lines`)
      const lineHeight = Number.parseFloat(getComputedStyle(parent).lineHeight)
      const height = range.getBoundingClientRect().height
      if (height > lineHeight * 1.25) {
        problems.push(`"${text}" is ${height}px tall, one line is ${lineHeight}px`)
      }
    }
    // Nothing but the badge's title is cut short.
    const badge = header.querySelector<HTMLElement>('[data-testid="active-prompt-badge"]')
    const badgeTitle = badge?.lastElementChild
    for (const el of Array.from(header.querySelectorAll('span'))) {
      if (el === badgeTitle || el === badge || !visible(el)) continue
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible') {
        problems.push(`"${el.textContent}" is cut short (${el.scrollWidth} > ${el.clientWidth})`)
      }
    }
    if (badge && visible(badge)) {
      const prefix = badge.firstElementChild as HTMLElement
      const p = prefix.getBoundingClientRect()
      const b = badge.getBoundingClientRect()
      if (p.right > b.right || prefix.scrollWidth > prefix.clientWidth + 1) {
        problems.push('the badge cuts "Active:" short')
      }
    }
    const barButtons = Array.from(
      header.querySelectorAll<HTMLElement>('nav[aria-label="Toolbar"] button[aria-label]'),
    ).filter((el) => visible(el) && el.getAttribute('aria-label') !== 'Open menu')
    for (const button of barButtons) {
      const label = button.querySelector('span')
      if (
        label &&
        visible(label) &&
        label.getBoundingClientRect().right > button.getBoundingClientRect().right + 0.5
      ) {
        problems.push(`the label of ${describe(button)} runs out of its button`)
      }
    }
    const labelShown = (el: HTMLElement) => {
      const label = el.querySelector('span')
      return label !== null && visible(label)
    }
    const brandName = brand.querySelector('span:not([aria-hidden])') as HTMLElement
    const bar = header.querySelector('nav[aria-label="Toolbar"]') as HTMLElement
    return {
      problems,
      labelled: barButtons.filter(labelShown).map((el) => el.getAttribute('aria-label') ?? ''),
      iconOnly: barButtons
        .filter((el) => !labelShown(el))
        .map((el) => el.getAttribute('aria-label') ?? ''),
      badgeWidth: badge && visible(badge) ? badge.getBoundingClientRect().width : null,
      badgeText: badge?.textContent ?? null,
      brandNameShown: brandName.getBoundingClientRect().width > 1,
      barWidth: bar.getBoundingClientRect().width,
      headerWidth: header.getBoundingClientRect().width,
    }
  })
}

async function checkWidth(
  page: Page,
  width: number,
  theme: string,
  fontSize: string,
  badge = true,
) {
  await page.setViewportSize({ width, height: 700 })
  // A tooltip is no part of the bar's layout (and may wrap a long title): none is open here.
  await expect(page.getByRole('tooltip')).toHaveCount(0)
  // Two frames: the container queries settle with the layout.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  )
  const layout = await readLayout(page)
  const where = `${width} px, ${theme}, root ${fontSize}`
  expect(layout.problems, where).toEqual([])
  if (badge) {
    expect(layout.badgeText, where).toBe(`Active: ${LONG_TITLE}`)
    expect(layout.badgeWidth, where).toBeGreaterThanOrEqual(80)
  } else expect(layout.badgeText, where).toBeNull()
  const toolbar = page.getByRole('navigation', { name: 'Toolbar' })
  if (width < 768) {
    await expect(toolbar.getByRole('button', { name: 'Open menu' }), where).toBeVisible()
    expect(layout.labelled.concat(layout.iconOnly), where).toEqual([])
  } else {
    for (const name of LABELLED) {
      await expect(toolbar.getByRole('button', { name, exact: true }), where).toBeVisible()
    }
    await expect(toolbar.getByRole('button', { name: LONGEST_MODEL }), where).toBeVisible()
  }
  await page
    .locator('header')
    .screenshot({ path: `${ARTIFACTS}/header-${width}-${theme}-${fontSize}.png` })
  return layout
}

/** Hovering an icon-only bar button shows its label in a tooltip; a labelled one shows none. */
async function checkTooltip(page: Page, name: string, expected: boolean) {
  await waitForToastsToGo(page)
  const toolbar = page.getByRole('navigation', { name: 'Toolbar' })
  await toolbar.getByRole('button', { name, exact: true }).hover()
  const tip = page.getByRole('tooltip', { name })
  if (expected) await expect(tip).toBeVisible()
  else {
    await page.waitForTimeout(600) // past the open delay
    await expect(tip).toBeHidden()
  }
  await page.mouse.move(10, 650)
  await expect(page.getByRole('tooltip')).toHaveCount(0)
}

/** No serious or critical axe violation in the header (icon-only buttons need their names). */
async function axeHeader(page: Page, where: string) {
  expect(await axeBlocking(page, 'header'), where).toEqual([])
}

async function theme(page: Page) {
  return page.evaluate(() =>
    document.documentElement.classList.contains('light') ? 'light' : 'dark',
  )
}

test('the signed-in header fits at every width from 320 to 1440 px', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 700 })
  await signUp(page, 'Header Fit')
  await waitForToastsToGo(page)
  await activateLongSystemPrompt(page)
  await waitForToastsToGo(page)
  await pickLongestModel(page)
  await waitForToastsToGo(page)

  const seen: Record<string, Layout> = {}
  for (const pass of [1, 2]) {
    const shown = await theme(page)
    await test.step(`${shown} theme: every width`, async () => {
      for (const width of WIDTHS)
        seen[`${width}-${shown}`] = await checkWidth(page, width, shown, '16px')
      for (const width of [800, 1440]) {
        await page.setViewportSize({ width, height: 700 })
        await axeHeader(page, `axe ${width} px, ${shown}`)
      }
    })
    if (pass === 1) {
      await page.setViewportSize({ width: 1440, height: 700 })
      await page
        .getByRole('navigation', { name: 'Toolbar' })
        .getByRole('button', { name: /Switch to (light|dark) theme/ })
        .click()
      await expect.poll(() => theme(page)).not.toBe(shown)
      await page.mouse.move(10, 650)
      await expect(page.getByRole('tooltip')).toHaveCount(0)
    }
  }

  await test.step('the brand never wraps; at 320 px its name gives way to the badge, still named', async () => {
    for (const [key, layout] of Object.entries(seen)) {
      if (key.startsWith('320-')) expect(layout.brandNameShown, key).toBe(false)
      if (key.startsWith('390-')) expect(layout.brandNameShown, key).toBe(true)
    }
    await page.setViewportSize({ width: 320, height: 700 })
    await expect(page.locator('header').getByText('Prompt Chat', { exact: true })).toBeAttached()
  })

  await test.step('768 to 1024 px: icons with names and tooltips; 1440 px: every label', async () => {
    for (const [key, layout] of Object.entries(seen)) {
      const width = Number(key.split('-')[0])
      if (width >= 768 && width <= 1024) expect(layout.labelled, key).not.toContain('Library')
      if (width >= 768 && width <= 1024) expect(layout.iconOnly, key).toContain('Library')
      // The theme toggle is an icon (with its tooltip) at every width.
      if (width === 1440)
        expect(layout.iconOnly, key).toEqual([expect.stringMatching(/^Switch to/)])
    }
    // The model's name shows from 800 px; at 768 px it is an icon whose name and tooltip say it.
    for (const shown of ['dark', 'light']) {
      expect(seen[`768-${shown}`]?.iconOnly, shown).toContain(LONGEST_MODEL)
      expect(seen[`800-${shown}`]?.labelled, shown).toContain(LONGEST_MODEL)
    }
    await page.setViewportSize({ width: 800, height: 700 })
    await page.getByRole('button', { name: 'Library', exact: true }).click()
    await expect(page.getByRole('dialog', { name: 'Prompt Library' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog', { name: 'Prompt Library' })).toBeHidden()
    // Focus comes back to Library, whose tooltip then shows (keyboard focus): move it away.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    for (const name of LABELLED) await checkTooltip(page, name, true)
    await page
      .getByRole('navigation', { name: 'Toolbar' })
      .getByRole('button', { name: 'Library' })
      .hover()
    await expect(page.getByRole('tooltip', { name: 'Library' })).toBeVisible()
    await page.screenshot({
      path: `${ARTIFACTS}/header-800-tooltip.png`,
      clip: { x: 0, y: 0, width: 800, height: 110 },
    })
    await page.mouse.move(10, 650)
    await expect(page.getByRole('tooltip')).toHaveCount(0)
    await page.setViewportSize({ width: 768, height: 700 })
    await checkTooltip(page, LONGEST_MODEL, true)
    await page.setViewportSize({ width: 1440, height: 700 })
    await checkTooltip(page, 'Library', false)
  })

  await test.step('the badge ends in an ellipsis; its tooltip has the whole title', async () => {
    await page.setViewportSize({ width: 800, height: 700 })
    await waitForToastsToGo(page)
    await page.getByTestId('active-prompt-badge').hover()
    await expect(page.getByRole('tooltip', { name: LONG_TITLE })).toBeVisible()
    await page.screenshot({
      path: `${ARTIFACTS}/header-800-badge-tooltip.png`,
      clip: { x: 0, y: 0, width: 800, height: 140 },
    })
    await page.mouse.move(10, 650)
    await expect(page.getByRole('tooltip')).toHaveCount(0)
  })

  await test.step('at the style editor’s smallest and largest text (14 and 18 px root) it fits', async () => {
    const shown = await theme(page)
    for (const fontSize of ['14px', '18px']) {
      await page.evaluate((size) => {
        document.documentElement.style.fontSize = size
      }, fontSize)
      for (const width of WIDTHS)
        seen[`${width}-${shown}-${fontSize}`] = await checkWidth(page, width, shown, fontSize)
    }
    await page.evaluate(() => {
      document.documentElement.style.fontSize = ''
    })
  })

  await test.step('without a system prompt the labels come back sooner (1200 px)', async () => {
    const shown = await theme(page)
    const before = await checkWidth(page, 1200, shown, '16px')
    expect(before.iconOnly).toContain('Library')
    await page.getByRole('button', { name: 'Library', exact: true }).click()
    const library = page.getByRole('dialog', { name: 'Prompt Library' })
    await library.getByRole('tab', { name: 'My Prompts' }).click()
    await library
      .getByRole('article', { name: LONG_TITLE })
      .getByRole('button', { name: 'Deactivate' })
      .click()
    await expect(page.getByTestId('active-prompt-badge')).toHaveCount(0)
    await library.getByRole('button', { name: 'Close', exact: true }).click()
    await expect(library).toBeHidden()
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await waitForToastsToGo(page)
    for (const width of WIDTHS.concat(1200)) {
      const layout = await checkWidth(page, width, `${shown}-no-badge`, '16px', false)
      if (width < 768) expect(layout.brandNameShown).toBe(true)
      if (width === 1200) expect(layout.labelled).toContain('Library')
      if (width === 1024) expect(layout.iconOnly).toContain('Library')
      if (width === 768) expect(layout.labelled).toContain(LONGEST_MODEL)
    }
  })

  // What the bar measured, for the record (test output): at 1440 px every label shows.
  for (const key of ['1440-dark', '1440-light', '1440-dark-18px', '1440-light-18px']) {
    const l = seen[key]
    if (l)
      console.log(
        `[header-fit] ${key}: bar ${l.barWidth.toFixed(1)} px, badge ${l.badgeWidth?.toFixed(1)} px, header ${l.headerWidth} px`,
      )
  }
})
