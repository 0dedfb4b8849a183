import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
  type Worker,
} from '@playwright/test'
import { unzipSync } from 'fflate'
import { chromiumLaunchOptions } from './chromium-launch'
import { createPrompt, openLibrary } from './support/prompts'
import { ARTIFACTS, signUp, waitForToastsToGo } from './support/session'
import { expect, test } from './support/test'

// The extension exactly as users get it: the server's /chrome-extension.zip (built by
// `npm start` for this server's origin), extracted, its chrome-extension/ folder loaded
// unpacked in Debian's Chromium (new headless mode), against fixture pages that stand in for
// the three chat sites.
const PORT = Number(process.env.E2E_PORT ?? 3100)
const APP = `http://localhost:${PORT}`
const FIXTURES = path.resolve('tests/extension/fixtures')
const stamp = Date.now()
const USER_PROMPT = { title: `Bug triage ${stamp}`, content: 'List the steps to reproduce first.' }
const SYSTEM_PROMPT = { title: `Terse mode ${stamp}`, content: 'Answer in one short sentence.' }

/** Each chat site: its fixture page and the address a new conversation has there. */
const SITES = [
  {
    id: 'chatgpt',
    url: 'https://chatgpt.com/',
    fixture: 'chatgpt.html',
    message: '[data-message-author-role="user"]',
  },
  {
    id: 'claude',
    url: 'https://claude.ai/new',
    fixture: 'claude.html',
    message: '[data-testid="user-message"]',
  },
  {
    id: 'gemini',
    url: 'https://gemini.google.com/app',
    fixture: 'gemini.html',
    message: 'user-query',
  },
] as const

test.describe.configure({ mode: 'serial' })
test.use({ actionTimeout: 20_000 })

let context: BrowserContext
let worker: Worker

/** Downloads the zip the install dialog offers and extracts it; returns the folder to load. */
async function downloadExtension(): Promise<string> {
  const response = await fetch(`${APP}/chrome-extension.zip`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('application/zip')
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
  const root = mkdtempSync(path.join(tmpdir(), 'prompt-chat-extension-'))
  for (const [name, bytes] of Object.entries(files)) {
    if (name.endsWith('/')) continue
    const target = path.join(root, name)
    mkdirSync(path.dirname(target), { recursive: true })
    writeFileSync(target, bytes)
  }
  const folder = path.join(root, 'chrome-extension')
  const manifest = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8'))
  // Built for this server: the only non-chat-site host it may reach is the app's origin.
  expect(manifest.host_permissions).toEqual([`${APP}/*`])
  return folder
}

test.beforeAll(async () => {
  test.setTimeout(120_000)
  const EXTENSION = await downloadExtension()
  context = await chromium.launchPersistentContext('', {
    executablePath: chromiumLaunchOptions.executablePath,
    headless: !process.env.HEADED,
    args: [
      ...chromiumLaunchOptions.args,
      `--disable-extensions-except=${EXTENSION}`,
      `--load-extension=${EXTENSION}`,
    ],
    baseURL: APP,
    viewport: { width: 1280, height: 900 },
  })
  worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))
  for (const site of SITES) {
    const body = readFileSync(path.join(FIXTURES, site.fixture), 'utf8')
    await context.route(`${new URL(site.url).origin}/**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body }),
    )
  }
})

test.afterAll(async () => {
  await context?.close()
})

/** What the extension keeps in chrome.storage.local, read in its service worker. */
async function stored() {
  return worker.evaluate(async () => {
    const items = await chrome.storage.local.get('promptChat')
    return items.promptChat as { status: string; syncedAt: number } | undefined
  })
}

async function openSite(site: (typeof SITES)[number]) {
  const page = await context.newPage()
  await page.goto(site.url)
  await expect(menuButton(page)).toBeVisible()
  return page
}

const menuButton = (page: Page) => page.getByRole('button', { name: 'Prompt Chat prompts' })
// The menu's panel is in the extension's own frame (menu.html), which the page cannot read
// (docs/security.md "The extension menu lives in the extension's frame"); the user, and
// Playwright, reach into it.
const menuPanel = (page: Page) =>
  page.frameLocator('[data-prompt-chat-frame]').getByRole('dialog', { name: 'Prompt Chat' })

/** Everything a script of the chat site's page can read: its DOM, open shadow roots, frames. */
async function whatThePageCanRead(page: Page) {
  return page.evaluate(() => {
    const parts = [document.documentElement.outerHTML]
    const frames: string[] = []
    const walk = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        if (element.shadowRoot) {
          parts.push(element.shadowRoot.innerHTML)
          walk(element.shadowRoot)
        }
        if (element instanceof HTMLIFrameElement) {
          let inner: Document | null = null
          try {
            inner = element.contentDocument ?? element.contentWindow?.document ?? null
          } catch {
            inner = null // cross-origin: the browser says no
          }
          frames.push(inner ? 'readable' : 'unreadable')
          if (inner) parts.push(inner.documentElement.outerHTML)
        }
      }
    }
    walk(document)
    return { text: parts.join('\n'), frames }
  })
}

/** A page script does all it can to insert or activate a prompt: clicks, forged messages. */
async function pageScriptAttacks(page: Page) {
  await page.evaluate(() => {
    const roots: Array<Document | ShadowRoot> = [document]
    for (const element of document.querySelectorAll('*')) {
      if (element.shadowRoot) roots.push(element.shadowRoot)
    }
    for (const root of roots) {
      for (const button of root.querySelectorAll<HTMLButtonElement>('button')) {
        if (!button.classList.contains('trigger') && !button.closest('form')) button.click()
      }
    }
    const forged = [
      { kind: 'prompt-chat/insert', text: 'EVIL INSERT' },
      { kind: 'prompt-chat/set-system-prompt', promptId: 'x', isActive: true },
      { type: 'UPDATE_SYSTEM_PROMPT', promptId: 'x', isActive: true },
    ]
    const frame = document
      .querySelector('[data-prompt-chat-menu]')
      ?.shadowRoot?.querySelector('iframe')
    for (const data of forged) {
      window.postMessage(data, '*')
      frame?.contentWindow?.postMessage(data, '*')
    }
  })
}

async function openMenu(page: Page): Promise<Locator> {
  const panel = menuPanel(page)
  if (!(await panel.isVisible())) await menuButton(page).click()
  await expect(panel).toBeVisible()
  return panel
}

/** Creates a public prompt from the app tab, with the library closed again after. */
async function createPromptInApp(
  page: Page,
  prompt: { title: string; content: string },
  system: boolean,
) {
  await waitForToastsToGo(page)
  const library = await openLibrary(page)
  await createPrompt(page, library, prompt, { system, isPublic: true })
  await library.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(library).toBeHidden()
}

test('with no app tab open, the menu says so and links to the app', async () => {
  expect(worker.url()).toMatch(/^chrome-extension:\/\/[a-z]+\/background\.js$/)
  const page = await openSite(SITES[0])
  const panel = await openMenu(page)
  await expect(panel).toContainText('Open Prompt Chat in a tab')
  await expect(panel.getByRole('link', { name: 'Open Prompt Chat' })).toHaveAttribute(
    'href',
    `${APP}/`,
  )
  await page.close()
})

test('signed out in the app, the menu says signed out', async () => {
  const app = await context.newPage()
  await app.goto('/')
  await expect(app.getByRole('button', { name: /Sign In to/ })).toBeVisible()
  await expect.poll(async () => (await stored())?.status, { timeout: 15_000 }).toBe('signed-out')
  const page = await openSite(SITES[1])
  const panel = await openMenu(page)
  await expect(panel).toContainText('You are signed out of Prompt Chat')
  await expect(panel.getByRole('link', { name: 'Open Prompt Chat' })).toBeVisible()
  await page.screenshot({ path: `${ARTIFACTS}/extension-claude-signed-out.png` })
  await page.close()
  await app.close()
})

test('signed in: every site lists the prompts with ratings, inserts one, toggles the system prompt', async ({
  freshContext,
}) => {
  test.setTimeout(180_000)
  const app = await context.newPage()
  await signUp(app, 'Extension Eve')
  await createPromptInApp(app, USER_PROMPT, false)
  await createPromptInApp(app, SYSTEM_PROMPT, true)

  await test.step('another user rates the public user prompt 4 stars', async () => {
    const other = await freshContext({ viewport: { width: 1280, height: 900 } })
    const bob = await other.newPage()
    await signUp(bob, 'Rater Bob')
    await waitForToastsToGo(bob)
    await bob.getByRole('button', { name: 'Library', exact: true }).click()
    const card = bob
      .getByRole('dialog', { name: 'Prompt Library' })
      .getByRole('article', { name: USER_PROMPT.title })
    await card.getByRole('radio', { name: '4 stars' }).click()
    await expect(card.getByTestId('rating-summary')).toHaveText('4.0 (1)')
    await other.close()
  })

  const secrets = [
    USER_PROMPT.title,
    USER_PROMPT.content,
    SYSTEM_PROMPT.title,
    SYSTEM_PROMPT.content,
  ]
  for (const site of SITES) {
    await test.step(`${site.id}: the menu lists the prompts; a click inserts one`, async () => {
      const page = await openSite(site)
      // The page's own scripts find no prompt, menu closed (issue 24, defect 2).
      const closed = await whatThePageCanRead(page)
      for (const secret of secrets) expect(closed.text).not.toContain(secret)
      const panel = await openMenu(page)
      const userPrompt = panel.getByRole('button', { name: new RegExp(USER_PROMPT.title) })
      await expect(userPrompt).toBeVisible({ timeout: 15_000 })
      // …nor open: the frame's document is not theirs to read.
      const open = await whatThePageCanRead(page)
      for (const secret of secrets) expect(open.text).not.toContain(secret)
      expect(open.frames).toEqual(['unreadable'])
      // …and cannot insert or activate one.
      await pageScriptAttacks(page)
      await expect(userPrompt).toBeVisible()
      await expect(page.locator('[contenteditable="true"]').first()).toHaveText('')
      await expect(app.getByTestId('active-prompt-badge')).toBeHidden()
      // Escape closes it, focus back on the button; closed, still nothing. The key is sent
      // from a script in the frame, a task after this call returns: Escape removes the frame,
      // and a driver call still inside it when it goes never returns (a real key's
      // acknowledgement) or retries against a frame that is gone (dispatchEvent), which hung
      // here now and then. tests/extension/menu.test.ts covers the key handler itself.
      await panel.getByRole('searchbox', { name: 'Search prompts' }).evaluate((search) => {
        setTimeout(() => {
          search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
        })
      })
      await expect(panel).toBeHidden()
      await expect(menuButton(page)).toBeFocused()
      const closedAgain = await whatThePageCanRead(page)
      for (const secret of secrets) expect(closedAgain.text).not.toContain(secret)
      await openMenu(page)
      await expect(userPrompt).toBeVisible()
      await expect(userPrompt.getByTestId('rating')).toHaveText('★ 4.0 (1)')
      const systemRow = panel.getByRole('listitem').filter({ hasText: SYSTEM_PROMPT.title })
      await expect(systemRow).toBeVisible()
      await page.screenshot({ path: `${ARTIFACTS}/extension-${site.id}.png` })

      // Search filters both lists.
      await panel.getByRole('searchbox', { name: 'Search prompts' }).fill('no such prompt zzz')
      await expect(userPrompt).toBeHidden()
      await expect(panel).toContainText('No prompts match.')
      await panel.getByRole('searchbox', { name: 'Search prompts' }).fill(USER_PROMPT.title)
      await expect(userPrompt).toBeVisible()
      await expect(systemRow).toBeHidden()

      // Inserting closes the menu and removes its frame: as with Escape above, the click comes
      // from a script in the frame a task after this call returns. A driver click still in
      // the frame when it went hung here now and then (20 s, then a retry).
      await userPrompt.evaluate((button) => setTimeout(() => (button as HTMLElement).click()))
      await expect(panel).toBeHidden()
      const composer = page.locator('[contenteditable="true"]').first()
      await expect(composer).toHaveText(USER_PROMPT.content)
      await page.close()
    })
  }

  await test.step('activating the system prompt from the extension reaches the app', async () => {
    const page = await openSite(SITES[2])
    const panel = await openMenu(page)
    await panel.getByRole('button', { name: `Activate ${SYSTEM_PROMPT.title}` }).click()
    await expect(app.getByTestId('active-prompt-badge')).toHaveText(
      `Active: ${SYSTEM_PROMPT.title}`,
      { timeout: 20_000 },
    )
    const row = panel.getByRole('listitem').filter({ hasText: SYSTEM_PROMPT.title })
    await expect(row.getByText('Active', { exact: true })).toBeVisible({ timeout: 15_000 })
    await expect(
      panel.getByRole('button', { name: `Deactivate ${SYSTEM_PROMPT.title}` }),
    ).toBeVisible()
    await page.screenshot({ path: `${ARTIFACTS}/extension-gemini-active.png` })
    await page.close()
  })

  for (const site of SITES) {
    await test.step(`${site.id}: the active system prompt goes before a new chat's first message only`, async () => {
      const page = await openSite(site)
      const composer = page.locator('[contenteditable="true"]').first()
      await composer.click()
      await page.keyboard.type('First question')
      if (site.id === 'claude') {
        await page.getByRole('button', { name: 'Send message' }).click()
      } else {
        await page.keyboard.press('Enter')
      }
      const messages = page.locator(site.message)
      await expect(messages).toHaveCount(1)
      await expect(messages.first()).toContainText(SYSTEM_PROMPT.content)
      await expect(messages.first()).toContainText('First question')
      const text = (await messages.first().textContent()) ?? ''
      expect(text.indexOf(SYSTEM_PROMPT.content)).toBeLessThan(text.indexOf('First question'))

      await composer.click()
      await page.keyboard.type('Second question')
      await page.keyboard.press('Enter')
      await expect(messages).toHaveCount(2)
      await expect(messages.nth(1)).toHaveText('Second question')
      await page.close()
    })
  }

  await test.step('deactivating from the extension clears the app badge', async () => {
    const page = await openSite(SITES[0])
    const panel = await openMenu(page)
    await panel.getByRole('button', { name: `Deactivate ${SYSTEM_PROMPT.title}` }).click()
    await expect(
      panel.getByRole('button', { name: `Activate ${SYSTEM_PROMPT.title}` }),
    ).toBeVisible({ timeout: 20_000 })
    await expect(app.getByTestId('active-prompt-badge')).toBeHidden()
    await page.close()
  })
  await app.close()
})

test("another page of the app's origin leaves the extension's session alone", async () => {
  // Issue 24, defect 7: /fixtures/article.html has no bridge; the app-side content script
  // used to ask it who is signed in and, with no answer, store "signed-out".
  const session = {
    status: 'signed-in',
    user: { id: 'user-e2e', email: 'e2e@example.com', displayName: 'E2E' },
    userPrompts: [],
    systemPrompts: [],
    activeSystemPrompt: null,
    syncedAt: Date.now(),
  }
  await worker.evaluate((value) => chrome.storage.local.set({ promptChat: value }), session)
  const article = await context.newPage()
  // What the content script asks the page is recorded from the page's first script on.
  await article.addInitScript(() => {
    const asked: string[] = []
    ;(window as Window & { asked?: string[] }).asked = asked
    window.addEventListener('message', (event) => asked.push(String(event.data?.type)))
  })
  await article.goto('/fixtures/article.html')
  // The old script gave the page 6 s (USER_TIMEOUT_MS) to answer before writing, and this test
  // waited 8 s. A write can only follow an ask: the script posts GET_USER_DATA to the page as
  // it starts (document_idle, by the load event `goto` waited for) and again every second
  // (USER_RESEND_MS). Three seconds without an ask (three resends) show none is coming, so no
  // write is either (docs/quality.md, "Speed"); the storage is checked as before.
  await article.waitForTimeout(3_000)
  expect(
    await article.evaluate(() => (window as Window & { asked?: string[] }).asked),
  ).not.toContain('GET_USER_DATA')
  expect(await stored()).toEqual(session)
  await article.close()
})

test('a page of another origin posting GET_PROMPTS_DATA to the app gets no answer', async ({
  freshContext,
}) => {
  // A browser without the extension: only the app's own bridge is in play.
  const other = await freshContext({ viewport: { width: 1280, height: 900 } })
  const foreignOrigin = 'https://foreign.example'
  await other.route(`${foreignOrigin}/**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>Foreign</title>',
    }),
  )
  const own = await other.newPage()
  await signUp(own, 'Foreign Target')
  // The same request from the app's own origin is answered (the control).
  const userId = await own.evaluate(
    () =>
      new Promise<string>((resolve) => {
        window.addEventListener('message', (event) => {
          if (event.data?.type === 'USER_DATA') resolve(event.data.user.id)
        })
        window.postMessage({ type: 'GET_USER_DATA' }, location.origin)
      }),
  )
  expect(userId).toBeTruthy()

  const foreign = await other.newPage()
  await foreign.goto(`${foreignOrigin}/`)
  const [popup] = await Promise.all([
    other.waitForEvent('page'),
    foreign.evaluate((app) => {
      ;(window as Window & { app?: Window | null }).app = window.open(`${app}/`, 'app')
    }, APP),
  ])
  await expect(popup.getByText('Welcome,')).toBeVisible({ timeout: 20_000 })
  await popup.evaluate(() => {
    const seen: string[] = []
    ;(window as Window & { seen?: string[] }).seen = seen
    window.addEventListener('message', (event) => seen.push(String(event.data?.type)))
  })
  await foreign.evaluate(() => {
    const got: unknown[] = []
    ;(window as Window & { got?: unknown[] }).got = got
    window.addEventListener('message', (event) => got.push(event.data))
  })
  await foreign.evaluate((id) => {
    const app = (window as Window & { app?: Window | null }).app
    app?.postMessage({ type: 'GET_PROMPTS_DATA', userId: id }, '*')
    app?.postMessage({ type: 'GET_USER_DATA' }, '*')
  }, userId)
  await popup.waitForTimeout(3_000)
  const seenInApp = await popup.evaluate(() => (window as Window & { seen?: string[] }).seen)
  expect(seenInApp).toEqual(['GET_PROMPTS_DATA', 'GET_USER_DATA'])
  expect(await foreign.evaluate(() => (window as Window & { got?: unknown[] }).got)).toEqual([])

  // The control again, in the popup itself: its own origin is answered.
  const answer = await popup.evaluate(
    (id) =>
      new Promise<string>((resolve) => {
        window.addEventListener('message', (event) => {
          if (event.data?.type === 'PROMPTS_DATA') resolve('PROMPTS_DATA')
        })
        window.postMessage({ type: 'GET_PROMPTS_DATA', userId: id }, location.origin)
      }),
    userId,
  )
  expect(answer).toBe('PROMPTS_DATA')
  await other.close()
})
