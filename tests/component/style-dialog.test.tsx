import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import { DEFAULT_STYLE_CONFIG } from '../../src/domain/style-config'
import { buildStyleLink } from '../../src/domain/style-link'
import { restInsert, storeSession } from '../support/chat-session'
import { installMockPlatform } from '../support/mock-platform'
import { renderApp } from '../support/render-app'
import { TEST_ORIGIN } from '../support/test-platform'

const mockPlatform = installMockPlatform()
const toast = (text: string) => screen.findByText(text, {}, { timeout: 4000 })
const root = document.documentElement
const cssVar = (name: string) => root.style.getPropertyValue(name)

async function signedIn(options: Parameters<typeof renderApp>[0] = {}) {
  const email = `style-${Math.random().toString(36).slice(2)}@example.com`
  localStorage.setItem('auth_tokens', JSON.stringify(await mockPlatform().signUp(email, email)))
  const app = renderApp(options)
  await screen.findByText(/Welcome,/)
  return app
}

async function openEditor() {
  await userEvent.click(screen.getAllByRole('button', { name: 'Style' })[0] as HTMLElement)
  return screen.findByRole('dialog', { name: 'Style Configuration' })
}

const tab = async (dialog: HTMLElement, name: string) =>
  userEvent.click(within(dialog).getByRole('tab', { name }))

describe('the Style Configuration dialog', () => {
  test('is rendered only while open, with four tabs and Reset, close, Cancel and Save Changes', async () => {
    await signedIn()
    expect(screen.queryByRole('dialog', { name: 'Style Configuration' })).not.toBeInTheDocument()
    const dialog = await openEditor()
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Colors', 'Text', 'Layout', 'Behavior'])
    for (const name of ['Reset', 'Close', 'Cancel', 'Save Changes'])
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument()
    expect(within(dialog).getByRole('region', { name: 'Preview' })).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
  })

  test('a preset changes the page at once; Cancel puts the saved colours back', async () => {
    await signedIn()
    const before = cssVar('--primary-h')
    const dialog = await openEditor()
    const presets = within(dialog).getByRole('region', { name: 'Presets' })
    expect(
      within(presets)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Indigo', 'Blue', 'Purple', 'Pink', 'Green', 'Red', 'Orange', 'Teal'])
    await userEvent.click(within(presets).getByRole('button', { name: 'Green' }))
    expect(within(presets).getByRole('button', { name: 'Green' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(cssVar('--primary-h')).not.toBe(before)
    expect(within(dialog).getByRole('textbox', { name: 'Primary Color' })).not.toHaveValue(
      '#6366F1',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(cssVar('--primary-h')).toBe(before))
    expect(localStorage.getItem('styleConfig')).toBeNull()
  })

  test('an invalid hex shows an inline message and is never applied', async () => {
    await signedIn()
    const dialog = await openEditor()
    const primary = within(dialog).getByRole('textbox', { name: 'Primary Color' })
    expect(primary).toHaveAttribute('placeholder', '#6366F1')
    expect(within(dialog).getByRole('textbox', { name: 'Accent Color' })).toHaveAttribute(
      'placeholder',
      '#F59E0B',
    )
    const before = cssVar('--primary-h')
    await userEvent.clear(primary)
    await userEvent.type(primary, '#12G')
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      /Enter a hex colour such as #6366F1/,
    )
    expect(primary).toHaveAttribute('aria-invalid', 'true')
    expect(cssVar('--primary-h')).toBe(before)
    await userEvent.clear(primary)
    await userEvent.type(primary, '#DC2626')
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
    expect(cssVar('--primary-h')).toBe('0')
  })

  test('the pickers and the accent field reach the page; closing with × or Escape reverts it', async () => {
    await signedIn()
    const before = { primary: cssVar('--primary-h'), accent: cssVar('--accent-h') }
    let dialog = await openEditor()
    // A colour picker reports its choice as an input event with a lowercase hex value.
    const picker = within(dialog).getByLabelText('Primary Color picker') as HTMLInputElement
    fireEvent.input(picker, { target: { value: '#dc2626' } })
    expect(within(dialog).getByRole('textbox', { name: 'Primary Color' })).toHaveValue('#DC2626')
    expect(cssVar('--primary-h')).toBe('0')
    const accent = within(dialog).getByRole('textbox', { name: 'Accent Color' })
    await userEvent.clear(accent)
    await userEvent.type(accent, '#16A34A')
    expect(cssVar('--accent-h')).toBe('142.1')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect({ primary: cssVar('--primary-h'), accent: cssVar('--accent-h') }).toEqual(before)

    dialog = await openEditor()
    fireEvent.input(within(dialog).getByLabelText('Accent Color picker'), {
      target: { value: '#2563eb' },
    })
    expect(cssVar('--accent-h')).not.toBe(before.accent)
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect({ primary: cssVar('--primary-h'), accent: cssVar('--accent-h') }).toEqual(before)
    expect(localStorage.getItem('styleConfig')).toBeNull()
  })

  test("Save Changes keeps the look in styleConfig, closes, and says 'Style configuration saved!'", async () => {
    await signedIn()
    const dialog = await openEditor()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Teal' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(await toast('Style configuration saved!')).toBeInTheDocument()
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    const saved = JSON.parse(localStorage.getItem('styleConfig') ?? '{}')
    expect(saved.primaryColor).toBe('#0B8177')
    expect(Object.keys(saved).sort()).toEqual(Object.keys(DEFAULT_STYLE_CONFIG).sort())
  })

  test("Reset restores the defaults, clears styleConfig and says 'Style configuration reset to defaults'", async () => {
    localStorage.setItem(
      'styleConfig',
      JSON.stringify({ ...DEFAULT_STYLE_CONFIG, fontSize: 'large', spacing: 'compact' }),
    )
    await signedIn()
    expect(root.style.fontSize).toBe('18px')
    const dialog = await openEditor()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }))
    expect(await toast('Style configuration reset to defaults')).toBeInTheDocument()
    expect(localStorage.getItem('styleConfig')).toBeNull()
    expect(root.style.fontSize).toBe('16px')
    expect(root).toHaveClass('spacing-normal', 'dark')
  })

  test('a corrupt or partial saved config is merged over the defaults and never breaks the page', async () => {
    localStorage.setItem('styleConfig', '{"fontSize":"large","primaryColor":"url(javascript:x)"')
    const first = await signedIn()
    expect(root.style.fontSize).toBe('16px') // unparsable: all defaults
    expect(cssVar('--primary-h')).toBe('238.7')
    first.unmount()
    localStorage.setItem(
      'styleConfig',
      JSON.stringify({
        fontSize: 'large',
        primaryColor: 'red;}body{display:none',
        fontFamily: 'x',
      }),
    )
    await signedIn()
    expect(root.style.fontSize).toBe('18px') // the valid field kept
    expect(cssVar('--primary-h')).toBe('238.7') // the hostile ones dropped
    expect(cssVar('--font-body')).toMatch(/^"Inter Variable", "Inter"/)
  })

  test('Text tab: font family and size reach the page', async () => {
    await signedIn()
    const dialog = await openEditor()
    await tab(dialog, 'Text')
    const fonts = within(dialog).getByRole('radiogroup', { name: 'Font Family' })
    expect(
      within(fonts)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual([
      'Inter',
      'Roboto',
      'Open Sans',
      'Lato',
      'Montserrat',
      'Poppins',
      'Source Sans Pro',
      'Nunito',
    ])
    await userEvent.click(within(fonts).getByText('Poppins'))
    expect(cssVar('--font-body')).toMatch(/^"Poppins", "Poppins", system-ui/)
    const sizes = within(dialog).getByRole('radiogroup', { name: 'Font Size' })
    expect(within(sizes).getAllByRole('radio')).toHaveLength(3)
    for (const name of ['Small 14px', 'Medium 16px', 'Large 18px'])
      expect(within(sizes).getByRole('radio', { name })).toBeInTheDocument()
    await userEvent.click(within(sizes).getByText('Small 14px'))
    expect(root.style.fontSize).toBe('14px')
  })

  test('Layout tab: radius, spacing and theme; the header toggle is the same theme setting', async () => {
    await signedIn()
    await userEvent.click(
      screen.getAllByRole('button', { name: 'Switch to light theme' })[0] as HTMLElement,
    )
    expect(root).toHaveClass('light')
    const dialog = await openEditor()
    await tab(dialog, 'Layout')
    const theme = within(dialog).getByRole('radiogroup', { name: 'Theme' })
    expect(within(theme).getByRole('radio', { name: 'Light' })).toBeChecked()
    expect(theme).toHaveTextContent('LightDarkAuto (System)')
    await userEvent.click(within(theme).getByText('Dark'))
    expect(root).toHaveClass('dark')
    const radius = within(dialog).getByRole('radiogroup', { name: 'Border Radius' })
    expect(within(radius).getAllByRole('radio')).toHaveLength(4)
    for (const name of ['None 0px', 'Small 4px', 'Medium 8px', 'Large 12px'])
      expect(within(radius).getByRole('radio', { name })).toBeInTheDocument()
    await userEvent.click(within(radius).getByText('None 0px'))
    expect(cssVar('--radius')).toBe('0px')
    const spacing = within(dialog).getByRole('radiogroup', { name: 'Spacing' })
    expect(spacing).toHaveTextContent('CompactNormalSpacious')
    await userEvent.click(within(spacing).getByText('Spacious'))
    expect(root).toHaveClass('spacing-spacious')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    expect(localStorage.getItem('theme')).toBe('dark')
    expect(JSON.parse(localStorage.getItem('styleConfig') ?? '{}').theme).toBe('dark')
  })

  test('Auto (System) follows the system preference', async () => {
    await signedIn({ systemDark: true })
    const dialog = await openEditor()
    await tab(dialog, 'Layout')
    await userEvent.click(within(dialog).getByText('Light'))
    expect(root).toHaveClass('light')
    await userEvent.click(within(dialog).getByText('Auto (System)'))
    expect(root).toHaveClass('dark')
  })

  test('Behavior tab: animations, avatars, timestamps and alignment change the messages live', async () => {
    await signedIn()
    const dialog = await openEditor()
    await tab(dialog, 'Behavior')
    const preview = within(dialog).getByRole('region', { name: 'Preview' })
    expect(within(preview).getAllByTestId('avatar')).toHaveLength(2)
    expect(preview.querySelectorAll('time')).toHaveLength(2)

    await userEvent.click(within(dialog).getByRole('switch', { name: /Show Avatars/ }))
    expect(within(preview).queryAllByTestId('avatar')).toHaveLength(0)
    await userEvent.click(within(dialog).getByRole('switch', { name: /Show Timestamps/ }))
    expect(preview.querySelectorAll('time')).toHaveLength(0)
    await userEvent.click(within(dialog).getByRole('switch', { name: /Animations/ }))
    expect(root).toHaveClass('no-animations')
    const alignment = within(dialog).getByRole('radiogroup', { name: 'Message Alignment' })
    expect(alignment).toHaveTextContent('LeftCenterRight')
    await userEvent.click(within(alignment).getByText('Right'))
    expect(within(alignment).getByRole('radio', { name: 'Right' })).toBeChecked()

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(root).not.toHaveClass('no-animations'))
  })

  test('the real conversation follows the Behavior tab while the dialog is open', async () => {
    const email = `style-live-${Math.random().toString(36).slice(2)}@example.com`
    const tokens = await mockPlatform().signUp(email, email)
    const userId = JSON.parse(atob(tokens.access_token.split('.')[1]!)).sub as string
    const at = new Date(Date.now() - 60_000).toISOString()
    const conversationId = `conv_style_${Math.random().toString(36).slice(2)}`
    await restInsert(tokens, 'conversations', {
      id: conversationId,
      user_id: userId,
      title: 'Hello',
      created_at: at,
      updated_at: at,
    })
    await restInsert(tokens, 'chat_messages', {
      user_id: userId,
      conversation_id: conversationId,
      model_id: 'gpt-5',
      role: 'user',
      content: 'Hello there',
      created_at: at,
    })
    storeSession(tokens)
    renderApp()
    const conversation = await screen.findByRole('region', { name: 'Conversation' })
    await within(conversation).findByText('Hello there')
    expect(within(conversation).getAllByTestId('avatar')).toHaveLength(1)
    expect(conversation.querySelectorAll('time')).toHaveLength(1)

    const dialog = await openEditor()
    await tab(dialog, 'Behavior')
    await userEvent.click(within(dialog).getByRole('switch', { name: /Show Avatars/ }))
    await userEvent.click(within(dialog).getByRole('switch', { name: /Show Timestamps/ }))
    expect(within(conversation).queryAllByTestId('avatar')).toHaveLength(0)
    expect(conversation.querySelectorAll('time')).toHaveLength(0)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(within(conversation).getAllByTestId('avatar')).toHaveLength(1))
    expect(conversation.querySelectorAll('time')).toHaveLength(1)
  })

  test('the side menu’s Style Editor opens it too', async () => {
    await signedIn()
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }))
    const menu = await screen.findByRole('dialog', { name: 'Menu' })
    await userEvent.click(within(menu).getByRole('button', { name: 'Style Editor' }))
    expect(await screen.findByRole('dialog', { name: 'Style Configuration' })).toBeInTheDocument()
  })

  test('the default theme passes the contrast check in both themes (issue 27)', async () => {
    await signedIn()
    const dialog = await openEditor()
    const light = within(dialog).getByRole('region', { name: 'Light theme' })
    expect(light).toHaveTextContent('Text on primary4.70:1passes')
    expect(light).toHaveTextContent('Primary on background4.27:1passes')
    expect(within(dialog).getByRole('region', { name: 'Dark theme' })).toHaveTextContent(
      'Primary on background4.39:1passes',
    )
    expect(within(dialog).getByRole('region', { name: 'Contrast' })).not.toHaveTextContent(
      'too low',
    )
    expect(within(dialog).queryByRole('button', { name: /^Use #/ })).not.toBeInTheDocument()
    // Links and badges use a darker shade on the light page, and say which.
    expect(light).toHaveTextContent(/As text: #[0-9A-F]{6}/)
  })

  test('the contrast check warns for a primary too pale to see, and offers the nearest passing lightness', async () => {
    await signedIn()
    const dialog = await openEditor()
    const hex = within(dialog).getByRole('textbox', { name: 'Primary Color' }) as HTMLInputElement
    await userEvent.clear(hex)
    await userEvent.type(hex, '#A5B4FC')
    const light = within(dialog).getByRole('region', { name: 'Light theme' })
    await waitFor(() => expect(light).toHaveTextContent('Primary on background1.90:1too low'))
    await userEvent.click(within(light).getByRole('button', { name: /^Use #/ }))
    const fixed = hex.value
    expect(fixed).toMatch(/^#[0-9A-F]{6}$/)
    expect(fixed).not.toBe('#A5B4FC')
    expect(within(dialog).getByRole('region', { name: 'Light theme' })).not.toHaveTextContent(
      'too low',
    )
  })
})

describe('themes shared by link', () => {
  const shared = { ...DEFAULT_STYLE_CONFIG, primaryColor: '#DC2626', fontFamily: 'Lato' as const }

  test('Share theme copies a link to the draft', async () => {
    await signedIn()
    const clipboard: string[] = []
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void clipboard.push(text) },
    })
    const dialog = await openEditor()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Red' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share theme' }))
    expect(await toast('Theme link copied to clipboard!')).toBeInTheDocument()
    const link = new URL(clipboard[0] ?? '')
    expect(link.origin).toBe(TEST_ORIGIN)
    expect(JSON.parse(link.searchParams.get('style') ?? '')).toMatchObject({
      primaryColor: '#DC2626',
    })
  })

  test('Apply takes the shared theme into the editor; Cancel leaves the page as it was', async () => {
    const app = await signedIn({ href: buildStyleLink(TEST_ORIGIN, shared) })
    // Its code comes once the link is read, after the screen's.
    const banner = await screen.findByRole('region', { name: 'Shared theme' })
    expect(cssVar('--primary-h')).toBe('238.7')
    await userEvent.click(within(banner).getByRole('button', { name: 'Apply' }))
    const dialog = await screen.findByRole('dialog', { name: 'Style Configuration' })
    expect(within(dialog).getByRole('textbox', { name: 'Primary Color' })).toHaveValue('#DC2626')
    expect(cssVar('--primary-h')).toBe('0')
    expect(app.currentHref()).toBe(`${TEST_ORIGIN}/`)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(cssVar('--primary-h')).toBe('238.7'))
    expect(screen.queryByRole('region', { name: 'Shared theme' })).not.toBeInTheDocument()
  })

  test('Dismiss leaves the page as it was', async () => {
    const app = await signedIn({ href: buildStyleLink(TEST_ORIGIN, shared) })
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('region', { name: 'Shared theme' })).not.toBeInTheDocument()
    expect(cssVar('--primary-h')).toBe('238.7')
    expect(app.currentHref()).toBe(`${TEST_ORIGIN}/`)
  })

  test("a hostile link says 'Invalid shared style link' and changes nothing", async () => {
    const hostile = { ...shared, primaryColor: '#000;}body{display:none' }
    await signedIn({
      href: `${TEST_ORIGIN}/?style=${encodeURIComponent(JSON.stringify(hostile))}`,
    })
    expect(await toast('Invalid shared style link')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Shared theme' })).not.toBeInTheDocument()
    expect(cssVar('--primary-h')).toBe('238.7')
  })
})
