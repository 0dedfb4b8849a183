import type { Page } from '@playwright/test'

/** What the page paints primary things with, as a computed colour. */
export const primaryPaint = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('div')
    probe.style.background = 'var(--colors-primary)'
    document.body.append(probe)
    const color = getComputedStyle(probe).backgroundColor
    probe.remove()
    return color
  })

/** The Green preset's primary, as the page paints it. */
export const GREEN = 'rgb(18, 133, 61)'
