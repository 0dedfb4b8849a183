import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import type { Conversation } from '../../src/domain/conversation'
import { restInsert, restRows, storeSession } from '../support/chat-session'
import { installMockPlatform } from '../support/mock-platform'
import { mswServer } from '../support/msw-server'
import { renderApp } from '../support/render-app'
import { openSheet } from '../support/sheets'
import { TEST_ORIGIN, TEST_PROJECT_ID } from '../support/test-platform'

const mockPlatform = installMockPlatform()

const CONVERSATIONS_URL = `${TEST_ORIGIN}/api/db/${TEST_PROJECT_ID}/rest/v1/conversations`

let users = 0
let ids = 0
/** A conversation id no other test of the file uses (they share one platform). */
const uniqueId = (prefix: string) => `${prefix}_${++ids}`
/** A signed-up user whose session the app restores, with conversations of the given ages. */
async function signedIn(conversations: Array<{ id: string; title: string; hoursAgo: number }>) {
  const tokens = await mockPlatform().signUp(`conversations${++users}@example.com`, 'Conv')
  const userId = JSON.parse(atob(tokens.access_token.split('.')[1]!)).sub as string
  const now = Date.now()
  for (const { id, title, hoursAgo } of conversations) {
    const at = new Date(now - hoursAgo * 3_600_000).toISOString()
    await restInsert(tokens, 'conversations', {
      id,
      user_id: userId,
      title,
      created_at: at,
      updated_at: at,
    })
  }
  storeSession(tokens)
  return { tokens, userId }
}

const sidebar = () => screen.getByRole('complementary', { name: 'Conversation sidebar' })
const rows = () =>
  within(within(sidebar()).getByRole('list', { name: 'Your conversations' })).getAllByRole(
    'listitem',
  )
const openButton = (title: string) =>
  within(sidebar()).getByRole('button', { name: new RegExp(`^${title}`) })

describe('the conversations sidebar', () => {
  test('a conversation opens at its newest 100 messages; the earlier ones come above on request', async () => {
    const id = uniqueId('long')
    const { tokens, userId } = await signedIn([{ id, title: 'Long talk', hoursAgo: 1 }])
    const start = Date.now() - 3_600_000
    await restInsert(
      tokens,
      'chat_messages',
      Array.from({ length: 105 }, (_, i) => ({
        user_id: userId,
        conversation_id: id,
        model_id: 'gpt-5',
        role: 'user',
        content: `note ${i + 1}`,
        created_at: new Date(start + i * 1000).toISOString(),
      })),
    )
    renderApp()
    const log = await screen.findByRole('region', { name: 'Conversation' })
    await waitFor(() => expect(within(log).getByText('note 105')).toBeInTheDocument())
    const shown = () =>
      within(log)
        .getAllByRole('article')
        .map((article) => article.textContent?.match(/note \d+/)?.[0])
    expect(shown()).toEqual(Array.from({ length: 100 }, (_, i) => `note ${i + 6}`))
    await userEvent.click(within(log).getByRole('button', { name: 'Load earlier messages' }))
    await waitFor(() => expect(within(log).getByText('note 1')).toBeInTheDocument())
    expect(shown()).toEqual(Array.from({ length: 105 }, (_, i) => `note ${i + 1}`))
    expect(within(log).queryByRole('button', { name: 'Load earlier messages' })).toBeNull()
  })

  test('each conversation composes with the model it was last answered with; New chat keeps it', async () => {
    const older = uniqueId('gpt')
    const newer = uniqueId('claude')
    const { tokens, userId } = await signedIn([
      { id: older, title: 'With GPT', hoursAgo: 3 },
      { id: newer, title: 'With Claude', hoursAgo: 1 },
    ])
    const start = Date.now() - 7_200_000
    const message = (conversation: string, model: string, role: string, i: number) => ({
      user_id: userId,
      conversation_id: conversation,
      model_id: model,
      role,
      content: `${role} ${i}`,
      created_at: new Date(start + i * 1000).toISOString(),
    })
    await restInsert(tokens, 'chat_messages', [
      message(older, 'gpt-5-mini', 'user', 1),
      message(older, 'gpt-5', 'assistant', 2),
      message(newer, 'claude-haiku-4-5', 'user', 3),
    ])
    // A pick remembered in this browser: the open conversation's model comes first.
    localStorage.setItem(`selectedModel:${userId}`, 'gpt-5-mini')
    renderApp()
    const input = await screen.findByRole('textbox', { name: 'Message' })
    await waitFor(() => expect(input).toHaveAttribute('placeholder', 'Message Claude Haiku 4.5...'))
    await userEvent.click(openButton('With GPT'))
    await waitFor(() => expect(input).toHaveAttribute('placeholder', 'Message GPT-5...'))
    await userEvent.click(within(sidebar()).getByRole('button', { name: 'New chat' }))
    expect(input).toHaveAttribute('placeholder', 'Message GPT-5...')
    // Only the user's own picks are remembered.
    expect(localStorage.getItem(`selectedModel:${userId}`)).toBe('gpt-5-mini')
  })

  test('lists the conversations newest first with their age; the latest is open at the start', async () => {
    await signedIn([
      { id: uniqueId('old'), title: 'Old trip', hoursAgo: 30 },
      { id: uniqueId('new'), title: 'Fresh idea', hoursAgo: 2 },
    ])
    renderApp()
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Fresh idea2 h ago/),
      expect.stringMatching(/^Old tripyesterday/),
    ])
    expect(within(sidebar()).getByRole('button', { name: 'New chat' })).toBeEnabled()
    expect(openButton('Fresh idea')).toHaveAttribute('aria-current', 'true')
  })

  test('choosing one marks it open and puts it in the address; New chat takes it out', async () => {
    const id = uniqueId('pick')
    const { userId } = await signedIn([{ id, title: 'Pick me', hoursAgo: 1 }])
    const app = renderApp({ href: `${TEST_ORIGIN}/?tab=x` })
    await userEvent.click(await screen.findByRole('button', { name: /^Pick me/ }))
    expect(openButton('Pick me')).toHaveAttribute('aria-current', 'true')
    expect(app.currentHref()).toBe(`${TEST_ORIGIN}/?tab=x&c=${id}`)
    await userEvent.click(within(sidebar()).getByRole('button', { name: 'New chat' }))
    expect(openButton('Pick me')).not.toHaveAttribute('aria-current')
    expect(app.currentHref()).toBe(`${TEST_ORIGIN}/?tab=x`)
    expect(userId).toBeTruthy()
  })

  test('Back and Forward move between the conversations the user opened', async () => {
    const first = uniqueId('first')
    const second = uniqueId('second')
    const { tokens, userId } = await signedIn([
      { id: first, title: 'First talk', hoursAgo: 1 },
      { id: second, title: 'Second talk', hoursAgo: 2 },
    ])
    for (const [id, content] of [
      [first, 'said in the first'],
      [second, 'said in the second'],
    ]) {
      await restInsert(tokens, 'chat_messages', {
        user_id: userId,
        conversation_id: id,
        model_id: 'gpt-5',
        role: 'user',
        content,
        created_at: new Date(Date.now() - 7_200_000).toISOString(),
      })
    }
    const app = renderApp()
    const log = await screen.findByRole('region', { name: 'Conversation' })
    await within(log).findByText('said in the first')
    // The start rewrote the address; the user's own opens are new entries of the history.
    expect(app.env.pushHref).not.toHaveBeenCalled()
    await userEvent.click(openButton('Second talk'))
    await screen.findByText('said in the second')
    await userEvent.click(within(sidebar()).getByRole('button', { name: 'New chat' }))
    expect(app.env.pushHref).toHaveBeenCalledTimes(2)
    app.goBack()
    expect(await screen.findByText('said in the second')).toBeInTheDocument()
    expect(openButton('Second talk')).toHaveAttribute('aria-current', 'true')
    app.goBack()
    expect(await screen.findByText('said in the first')).toBeInTheDocument()
    expect(openButton('First talk')).toHaveAttribute('aria-current', 'true')
    expect(app.currentHref()).toBe(`${TEST_ORIGIN}/?c=${first}`)
    expect(app.env.pushHref).toHaveBeenCalledTimes(2) // moving back pushed nothing
  })

  test('a deep link opens its conversation', async () => {
    const id = uniqueId('linked')
    await signedIn([
      { id: uniqueId('other'), title: 'Other', hoursAgo: 1 },
      { id, title: 'Linked one', hoursAgo: 5 },
    ])
    const app = renderApp({ href: `${TEST_ORIGIN}/?c=${id}` })
    await waitFor(() => expect(openButton('Linked one')).toHaveAttribute('aria-current', 'true'))
    expect(app.currentHref()).toBe(`${TEST_ORIGIN}/?c=${id}`)
  })

  test("a deep link's history loads beside the list, not after it (docs/performance.md)", async () => {
    const id = uniqueId('early')
    const { tokens, userId } = await signedIn([{ id, title: 'Early one', hoursAgo: 1 }])
    await restInsert(tokens, 'chat_messages', {
      user_id: userId,
      conversation_id: id,
      model_id: 'gpt-5',
      role: 'user',
      content: 'shown before the list',
    })
    let answerList = () => {}
    const listHeld = new Promise<void>((resolve) => {
      answerList = resolve
    })
    // The list's read is held, then goes on to the mock platform (a resolver that returns
    // nothing falls through); the link's own look-up (`id=eq.…`) is not held.
    mswServer.use(
      http.get(CONVERSATIONS_URL, async ({ request }) => {
        if (!new URL(request.url).searchParams.has('id')) await listHeld
      }),
    )
    renderApp({ href: `${TEST_ORIGIN}/?c=${id}` })
    const log = await screen.findByRole('region', { name: 'Conversation' })
    expect(await within(log).findByText('shown before the list')).toBeInTheDocument()
    // Found by its own look-up, it is listed and marked open while the list is still held.
    expect(openButton('Early one')).toHaveAttribute('aria-current', 'true')
    expect(within(sidebar()).getByRole('list', { name: 'Your conversations' })).toHaveAttribute(
      'aria-busy',
      'true',
    )
    answerList()
    await waitFor(() => expect(openButton('Early one')).toHaveAttribute('aria-current', 'true'))
    expect(within(log).getByText('shown before the list')).toBeInTheDocument()
  })

  test("another user's conversation in a link says 'Conversation not found' and shows nothing of it", async () => {
    const alices = uniqueId('alice')
    const alice = await signedIn([{ id: alices, title: 'Alice secret', hoursAgo: 1 }])
    expect(alice.userId).toBeTruthy()
    await signedIn([{ id: uniqueId('bob'), title: 'Bob chat', hoursAgo: 1 }])
    const app = renderApp({ href: `${TEST_ORIGIN}/?c=${alices}` })
    expect(await screen.findByText('Conversation not found')).toBeInTheDocument()
    expect(screen.queryByText('Alice secret')).toBeNull()
    expect(rows()).toHaveLength(1)
    expect(app.currentHref()).toBe(`${TEST_ORIGIN}/`)
  })

  test('rename in place: an empty title is refused inline, Escape cancels, Enter saves', async () => {
    const { tokens } = await signedIn([{ id: uniqueId('ren'), title: 'Draft name', hoursAgo: 1 }])
    renderApp()
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Draft name' }))
    const field = within(sidebar()).getByRole('textbox', { name: 'Conversation title' })
    expect(field).toHaveValue('Draft name')
    expect(field).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    expect(within(sidebar()).queryByRole('textbox')).toBeNull()
    // Focus goes back to the row, not to the page.
    await waitFor(() =>
      expect(within(sidebar()).getByRole('button', { name: 'Rename Draft name' })).toHaveFocus(),
    )

    await userEvent.click(screen.getByRole('button', { name: 'Rename Draft name' }))
    await userEvent.clear(within(sidebar()).getByRole('textbox', { name: 'Conversation title' }))
    await userEvent.keyboard('{Enter}')
    const input = within(sidebar()).getByRole('textbox', { name: 'Conversation title' })
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('Title cannot be empty')
    await userEvent.type(input, '  Final name {Enter}')
    await waitFor(() => expect(openButton('Final name')).toBeInTheDocument())
    await waitFor(() =>
      expect(within(sidebar()).getByRole('button', { name: 'Rename Final name' })).toHaveFocus(),
    )
    const [stored] = await restRows<Conversation>(tokens, 'conversations')
    expect(stored?.title).toBe('Final name')
  })

  test('delete asks first; Cancel keeps it, Delete removes it with its messages', async () => {
    const [doomed, kept] = [uniqueId('del'), uniqueId('keep')]
    const { tokens, userId } = await signedIn([
      { id: doomed, title: 'Doomed', hoursAgo: 1 },
      { id: kept, title: 'Kept', hoursAgo: 2 },
    ])
    await restInsert(tokens, 'chat_messages', {
      user_id: userId,
      conversation_id: doomed,
      model_id: 'gpt-5',
      role: 'user',
      content: 'bye',
    })
    renderApp()
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Doomed' }))
    let dialog = await screen.findByRole('dialog', { name: 'Delete conversation?' })
    expect(dialog).toHaveAccessibleDescription(/“Doomed” and all its messages will be deleted/)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(rows()).toHaveLength(2)

    await userEvent.click(screen.getByRole('button', { name: 'Delete Doomed' }))
    dialog = await screen.findByRole('dialog', { name: 'Delete conversation?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]).toHaveTextContent(/^Kept/)
    expect((await restRows<Conversation>(tokens, 'conversations')).map((c) => c.id)).toEqual([kept])
    expect(await restRows(tokens, 'chat_messages')).toEqual([])
  })

  test("a list that cannot load says 'Failed to load conversations'", async () => {
    await signedIn([])
    mswServer.use(http.get(CONVERSATIONS_URL, () => HttpResponse.json({}, { status: 500 })))
    renderApp()
    expect(await screen.findByText('Failed to load conversations')).toBeInTheDocument()
    expect(within(sidebar()).getByText('No conversations yet')).toBeInTheDocument()
  })
})

describe('the conversations drawer (under 768 px)', () => {
  test('opens from the header’s Conversations button and closes once one is chosen', async () => {
    const id = uniqueId('drawer')
    await signedIn([{ id, title: 'In the drawer', hoursAgo: 1 }])
    const app = renderApp()
    await screen.findByRole('button', { name: /^In the drawer/ })
    await userEvent.click(screen.getByRole('button', { name: 'Conversations' }))
    const drawer = await screen.findByRole('dialog', { name: 'Conversations' })
    await userEvent.click(within(drawer).getByRole('button', { name: /^In the drawer/ }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(app.currentHref()).toBe(`${TEST_ORIGIN}/?c=${id}`)
  })

  test('opens with focus inside; Escape closes it and gives focus back to its button', async () => {
    await signedIn([{ id: uniqueId('focus'), title: 'Focus drawer', hoursAgo: 1 }])
    renderApp()
    await screen.findByRole('button', { name: /^Focus drawer/ })
    const { trigger } = await openSheet('Conversations', 'Conversations')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(trigger).toHaveFocus()
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
  })

  test('Escape in a rename field closes the field, not the drawer', async () => {
    await signedIn([{ id: uniqueId('esc'), title: 'Keep drawer', hoursAgo: 1 }])
    renderApp()
    await screen.findByRole('button', { name: /^Keep drawer/ })
    await userEvent.click(screen.getByRole('button', { name: 'Conversations' }))
    const drawer = await screen.findByRole('dialog', { name: 'Conversations' })
    await userEvent.click(within(drawer).getByRole('button', { name: 'Rename Keep drawer' }))
    expect(within(drawer).getByRole('textbox', { name: 'Conversation title' })).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    expect(within(drawer).queryByRole('textbox')).toBeNull()
    await waitFor(() =>
      expect(within(drawer).getByRole('button', { name: 'Rename Keep drawer' })).toHaveFocus(),
    )
    expect(screen.getByRole('dialog', { name: 'Conversations' })).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // Focus went back to the Conversations button (whose tooltip then shows).
    expect(screen.getByRole('button', { name: 'Conversations' })).toHaveFocus()
  })
})
