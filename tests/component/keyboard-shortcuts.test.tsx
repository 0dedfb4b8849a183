import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { encodeApiKey } from '../../src/domain/api-key-encoding'
import { restInsert, storeSession } from '../support/chat-session'
import { installMockPlatform } from '../support/mock-platform'
import { renderApp } from '../support/render-app'
import { TEST_ORIGIN } from '../support/test-platform'
import { useProviderFakes } from '../unit/providers/fakes-under-msw'

// The keyboard shortcuts (docs/product/screens.md#keyboard-shortcuts) in the running app on
// the mock platform: each key does what its button does, and `?` lists them.
const mockPlatform = installMockPlatform()
useProviderFakes()

afterEach(() => vi.unstubAllGlobals())

let users = 0
/** A returning user with GPT-5 chosen and, unless `empty`, one conversation: a question and its reply. */
async function signedIn({ empty = false } = {}) {
  const tokens = await mockPlatform().signUp(`keys${++users}@example.com`, 'Keys')
  const userId = JSON.parse(atob(tokens.access_token.split('.')[1]!)).sub as string
  localStorage.setItem(`selectedModel:${userId}`, 'gpt-5')
  storeSession(tokens)
  await restInsert(tokens, 'user_api_keys', {
    id: `key_${userId}_openai`,
    user_id: userId,
    provider: 'openai',
    api_key_encrypted: encodeApiKey('sk-test-keys'),
  })
  const id = `keys_${users}`
  if (empty) return { id }
  const at = Date.now() - 60_000
  await restInsert(tokens, 'conversations', {
    id,
    user_id: userId,
    title: 'Tides',
    created_at: new Date(at).toISOString(),
    updated_at: new Date(at).toISOString(),
  })
  await restInsert(
    tokens,
    'chat_messages',
    ['When is high tide?', 'High tide is at **6:40**, then again at 19:05.'].map((content, i) => ({
      id: `${id}_msg_${i + 1}`,
      user_id: userId,
      conversation_id: id,
      model_id: 'gpt-5',
      role: i === 0 ? 'user' : 'assistant',
      content,
      created_at: new Date(at + i * 1000).toISOString(),
    })),
  )
  return { id }
}

/** Wide enough for the sidebar (768 px and up), as the browser would say. */
function wideScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(min-width: 768px)',
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }))
}

const sidebar = () => screen.getByRole('complementary', { name: 'Conversation sidebar' })
const sidebarShown = () => screen.findByRole('complementary', { name: 'Conversation sidebar' })

describe('keyboard shortcuts', () => {
  test('? lists every shortcut with its keys; outside a text field only', async () => {
    await signedIn()
    renderApp()
    const box = await screen.findByRole('textbox', { name: 'Message' })
    await waitFor(() => expect(box).toBeEnabled())
    await userEvent.click(box)
    await userEvent.keyboard('?')
    expect(box).toHaveValue('?')
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull()

    box.blur()
    await userEvent.keyboard('?')
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })
    const rows = within(dialog)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`)
    expect(rows).toEqual([
      'New chat: Alt+Shift+N',
      'Search conversations and prompts: Ctrl+K',
      'Focus the message box: Alt+Shift+M',
      'Show or hide the conversations: Alt+Shift+S',
      'Copy the last reply: Alt+Shift+C',
      'Stop the reply: Esc',
      'Show these shortcuts: ?',
    ])
    await userEvent.keyboard('{Escape}')
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull(),
    )
  })

  test('Alt+Shift+N starts a new chat; Alt+Shift+M puts focus back in the message box', async () => {
    const { id } = await signedIn()
    const app = renderApp({ href: `${TEST_ORIGIN}/?c=${id}` })
    await screen.findByText('When is high tide?')
    const newChat = within(sidebar()).getByRole('button', { name: 'New chat' })
    expect(newChat).toHaveAttribute('title', 'New chat (Alt+Shift+N)')
    expect(newChat).toHaveAttribute('aria-keyshortcuts', 'Alt+Shift+N')

    await userEvent.keyboard('{Alt>}{Shift>}N{/Shift}{/Alt}')
    expect(await screen.findByRole('heading', { name: 'Start a conversation' })).toBeVisible()
    expect(app.currentHref()).toBe(`${TEST_ORIGIN}/`)

    const box = screen.getByRole('textbox', { name: 'Message' })
    newChat.focus()
    await userEvent.keyboard('{Alt>}{Shift>}M{/Shift}{/Alt}')
    expect(box).toHaveFocus()
    // The key typed nothing.
    expect(box).toHaveValue('')
  })

  test('Alt+Shift+M while a message sends puts focus in the box as soon as it can be typed in', async () => {
    const { id } = await signedIn()
    renderApp({ href: `${TEST_ORIGIN}/?c=${id}` })
    await screen.findByText('When is high tide?')
    const box = screen.getByRole('textbox', { name: 'Message' })
    await waitFor(() => expect(box).toBeEnabled())
    await userEvent.type(box, 'And tomorrow? [[slow:400]{Enter}')
    await waitFor(() => expect(box).toBeDisabled())
    // Focus is elsewhere on the page, so nothing but the key brings it back.
    const newChat = within(sidebar()).getByRole('button', { name: 'New chat' })
    newChat.focus()
    await userEvent.keyboard('{Alt>}{Shift>}M{/Shift}{/Alt}')
    expect(newChat).toHaveFocus()

    expect(await screen.findByText(/You said: And tomorrow\?/)).toBeInTheDocument()
    await waitFor(() => expect(box).toHaveFocus())
    expect(box).toHaveValue('')
  })

  test('Alt+Shift+C copies the last reply as written, and says so', async () => {
    const { id } = await signedIn()
    renderApp({ href: `${TEST_ORIGIN}/?c=${id}` })
    const user = userEvent.setup()
    await screen.findByText('When is high tide?')
    await user.keyboard('{Alt>}{Shift>}C{/Shift}{/Alt}')
    expect(await screen.findByText('Last reply copied')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(
      'High tide is at **6:40**, then again at 19:05.',
    )
  })

  test('a refused clipboard says the reply could not be copied', async () => {
    const { id } = await signedIn()
    renderApp({ href: `${TEST_ORIGIN}/?c=${id}` })
    const user = userEvent.setup()
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied'))
    await screen.findByText('When is high tide?')
    await user.keyboard('{Alt>}{Shift>}C{/Shift}{/Alt}')
    expect(await screen.findByText('The reply could not be copied')).toBeInTheDocument()
  })

  test('with no reply yet, Alt+Shift+C says there is nothing to copy', async () => {
    await signedIn({ empty: true })
    renderApp()
    await screen.findByRole('heading', { name: 'Start a conversation' })
    await userEvent.keyboard('{Alt>}{Shift>}C{/Shift}{/Alt}')
    expect(await screen.findByText('There is no reply to copy yet')).toBeInTheDocument()
  })

  test('from 768 px, Alt+Shift+S folds the sidebar to its rail, remembered; Show sidebar opens it', async () => {
    wideScreen()
    await signedIn()
    const first = renderApp()
    await within(await sidebarShown()).findByRole('button', { name: /^Tides/ })
    expect(within(sidebar()).getByRole('button', { name: 'Hide sidebar' })).toHaveAttribute(
      'title',
      'Hide sidebar (Alt+Shift+S)',
    )
    await userEvent.keyboard('{Alt>}{Shift>}S{/Shift}{/Alt}')
    // The rail's code loads as it is first shown.
    expect(await within(sidebar()).findByRole('button', { name: 'Show sidebar' })).toBeVisible()
    expect(within(sidebar()).queryByRole('button', { name: /^Tides/ })).toBeNull()
    // New chat and Search stay on the rail.
    expect(within(sidebar()).getByRole('button', { name: 'New chat' })).toBeInTheDocument()
    expect(within(sidebar()).getByRole('button', { name: 'Search' })).toBeInTheDocument()
    expect(localStorage.getItem('sidebar')).toBe('hidden')

    // The next visit starts folded.
    first.unmount()
    first.actors.app.stop()
    renderApp()
    const show = await within(await sidebarShown()).findByRole('button', { name: 'Show sidebar' })
    await userEvent.click(show)
    expect(await within(sidebar()).findByRole('button', { name: /^Tides/ })).toBeInTheDocument()
    expect(localStorage.getItem('sidebar')).toBe('shown')
  })

  test('under 768 px, Alt+Shift+S opens the conversations drawer and closes it again', async () => {
    await signedIn()
    renderApp()
    await screen.findByRole('heading', { name: 'Start a conversation' })
    await userEvent.keyboard('{Alt>}{Shift>}S{/Shift}{/Alt}')
    const drawer = await screen.findByRole('dialog', { name: 'Conversations' })
    expect(await within(drawer).findByRole('button', { name: /^Tides/ })).toBeInTheDocument()
    await userEvent.keyboard('{Alt>}{Shift>}S{/Shift}{/Alt}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Conversations' })).toBeNull())
  })
})
