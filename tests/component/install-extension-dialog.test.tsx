import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { installMockPlatform } from '../support/mock-platform'
import { renderApp } from '../support/render-app'
import { TEST_ORIGIN } from '../support/test-platform'

const mockPlatform = installMockPlatform()
const toast = (text: string) => screen.findByText(text, {}, { timeout: 4000 })
const TITLE = 'Install Chrome Extension'

async function signedIn() {
  const email = `install-${Math.random().toString(36).slice(2)}@example.com`
  localStorage.setItem('auth_tokens', JSON.stringify(await mockPlatform().signUp(email, email)))
  const app = renderApp()
  await screen.findByText(/Welcome,/)
  return app
}

/** Opens the dialog from the wide bar's entry. */
async function openFromBar() {
  await userEvent.click(
    screen.getAllByRole('button', { name: 'Install Extension' })[0] as HTMLElement,
  )
  return screen.findByRole('dialog', { name: TITLE })
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the Install Chrome Extension dialog', () => {
  test('comes first in the bar and lists the sites, the four steps, the warning and the tip', async () => {
    await signedIn()
    const bar = screen.getByRole('navigation', { name: 'Toolbar' })
    expect(within(bar).getAllByRole('button')[0]).toHaveAccessibleName('Install Extension')
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument()

    const dialog = await openFromBar()
    const sites = within(dialog).getByRole('list', { name: 'Supported sites' })
    expect(
      within(sites)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['chatgpt.com', 'claude.ai', 'gemini.google.com'])
    const steps = within(within(dialog).getByRole('list', { name: 'Installation steps' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(steps).toHaveLength(4)
    expect(steps[0]).toMatch(/Download.*extract the zip/)
    expect(steps[1]).toMatch(/extensions page.*chrome:\/\/extensions/)
    expect(steps[2]).toMatch(/Developer mode/)
    expect(steps[3]).toMatch(/Load unpacked.*extracted chrome-extension folder, not the zip file/)
    const notes = within(dialog)
      .getAllByRole('note')
      .map((n) => n.textContent)
    expect(notes[0]).toMatch(/needs the extracted folder/)
    expect(notes[1]).toMatch(/pin the extension to the toolbar/)
    for (const name of ['Download Extension', 'Extensions Page', 'Close'])
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument()

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
  })

  test('Download Extension downloads /chrome-extension.zip from the site root and says how to go on', async () => {
    await signedIn()
    const clicked: Array<{ href: string; download: string }> = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download })
    })
    const dialog = await openFromBar()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download Extension' }))
    expect(
      await toast(
        'Extension download started! Extract the chrome-extension folder from the zip file.',
      ),
    ).toBeInTheDocument()
    expect(clicked).toEqual([
      { href: `${TEST_ORIGIN}/chrome-extension.zip`, download: 'chrome-extension.zip' },
    ])
    // The link is gone again, and the dialog stays open for the next steps.
    expect(document.querySelector('a[download]')).toBeNull()
    expect(dialog).toBeInTheDocument()
  })

  test('Extensions Page copies chrome://extensions and says where to paste it', async () => {
    await signedIn()
    const clipboard: string[] = []
    stubClipboard(async (text) => void clipboard.push(text))
    const dialog = await openFromBar()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extensions Page' }))
    expect(
      await toast(
        'Extensions page address copied. Paste it into the address bar: chrome://extensions',
      ),
    ).toBeInTheDocument()
    expect(clipboard).toEqual(['chrome://extensions'])
  })

  test('a refused clipboard says so and gives the address to type', async () => {
    await signedIn()
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')))
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const dialog = await openFromBar()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extensions Page' }))
    expect(
      await toast('Could not copy the address. Type chrome://extensions into the address bar.'),
    ).toBeInTheDocument()
  })

  test('the side menu offers it after Prompt Library, and opens it', async () => {
    await signedIn()
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }))
    const menu = await screen.findByRole('dialog', { name: 'Menu' })
    const items = within(within(menu).getByRole('navigation', { name: 'Menu' }))
      .getAllByRole('button')
      .map((b) => b.textContent)
    expect(items.slice(0, 3)).toEqual(['Quick Prompts', 'Prompt Library', 'Install Extension'])
    await userEvent.click(within(menu).getByRole('button', { name: 'Install Extension' }))
    expect(await screen.findByRole('dialog', { name: TITLE })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull())
  })
})
