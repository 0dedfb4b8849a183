import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { TokenSet } from '../../src/platform/types'
import { restInsert, restRows, storeSession } from '../support/chat-session'
import { installMockPlatform } from '../support/mock-platform'
import { mswServer } from '../support/msw-server'
import { renderApp } from '../support/render-app'
import { TEST_ORIGIN, TEST_PROJECT_ID } from '../support/test-platform'

// The page a share link opens (docs/product/conversations.md#share-by-link): the whole app
// against the mock platform, signed out and signed in.

const mockPlatform = installMockPlatform()
const SQL_URL = `${TEST_ORIGIN}/api/db/${TEST_PROJECT_ID}/sql`

afterEach(() => {
  vi.restoreAllMocks()
  localStorage.clear()
})

let users = 0
async function account(name: string) {
  const tokens = await mockPlatform().signUp(`shared${++users}@example.com`, name)
  const userId = JSON.parse(atob(tokens.access_token.split('.')[1]!)).sub as string
  return { tokens, userId }
}

async function sql(tokens: TokenSet, query: string, params: unknown[]) {
  const res = await fetch(SQL_URL, {
    method: 'POST',
    headers: { Authorization: `Bearer ${tokens.access_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query, params }),
  })
  if (!res.ok) throw new Error(`sql failed with ${res.status}`)
  return ((await res.json()) as { rows: Array<Record<string, unknown>> }).rows
}

/** An owner's conversation of one question and its reply, shared: the link's id. */
async function sharedConversation() {
  const owner = await account('Owner Olive')
  await restInsert(owner.tokens, 'conversations', {
    id: 'conv_picnic',
    user_id: owner.userId,
    title: 'Picnic plans',
  })
  const message = (id: string, role: string, content: string, parent: string | null) =>
    restInsert(owner.tokens, 'chat_messages', {
      id,
      user_id: owner.userId,
      conversation_id: 'conv_picnic',
      parent_id: parent,
      role,
      content,
      model_id: 'gpt-5',
    })
  await message('q1', 'user', 'Where should we **picnic**?', null)
  await message('a1', 'assistant', 'By the river, under the *willows*.', 'q1')
  const [link] = await sql(owner.tokens, 'select * from share_conversation($1)', ['conv_picnic'])
  return String(link?.id)
}

const atLink = (id: string) => ({ href: `${TEST_ORIGIN}/?share=${id}` })

describe('a share link, signed out', () => {
  test('shows the conversation read-only, its markdown rendered, with a way to sign in', async () => {
    const id = await sharedConversation()
    renderApp(atLink(id))
    expect(await screen.findByRole('heading', { level: 1, name: 'Picnic plans' })).toBeVisible()
    const messages = screen.getByRole('list', { name: 'Messages' })
    const question = within(messages).getByRole('listitem', { name: 'Question' })
    expect(within(question).getByText('picnic').tagName).toBe('STRONG')
    const reply = within(messages).getByRole('listitem', { name: 'GPT-5 reply' })
    expect(await within(reply).findByText('willows')).toBeInTheDocument()
    expect(screen.getByText(/Shared conversation · 2 messages · as of/)).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: 'Sign in to continue this conversation' }),
    ).toBeEnabled()
  })

  test("an unknown, revoked or malformed link says 'Conversation not found'", async () => {
    const id = await sharedConversation()
    for (const href of [
      atLink('share_0123456789abcdef0123456789abcdef'),
      atLink('not-a-link'),
      atLink(id.replace(/.$/, (c) => (c === '0' ? '1' : '0'))),
    ]) {
      const view = renderApp(href)
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Conversation not found' }),
      ).toBeVisible()
      expect(screen.getByText('This link was revoked, or it never existed.')).toBeVisible()
      expect(screen.queryByText('Picnic plans')).not.toBeInTheDocument()
      view.unmount()
    }
  })

  test("'Failed to load the shared conversation' when the database does not answer; Try again reads it", async () => {
    const id = await sharedConversation()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    mswServer.use(
      http.post(SQL_URL, () => HttpResponse.json({ message: 'down' }, { status: 503 }), {
        once: true,
      }),
    )
    renderApp(atLink(id))
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Failed to load the shared conversation',
      }),
    ).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Picnic plans' })).toBeVisible()
  })
})

describe('a share link, signed in', () => {
  test('Continue this conversation copies it into the visitor’s account and opens the copy', async () => {
    const id = await sharedConversation()
    const visitor = await account('Visitor Vic')
    storeSession(visitor.tokens)
    const view = renderApp(atLink(id))
    await userEvent.click(await screen.findByRole('button', { name: 'Continue this conversation' }))
    await waitFor(() => expect(view.env.navigate).toHaveBeenCalledTimes(1))
    const opened = new URL(vi.mocked(view.env.navigate).mock.calls[0]![0])
    expect(opened.origin).toBe(TEST_ORIGIN)
    const copy = opened.searchParams.get('c')
    expect(copy).toMatch(/^conv_\d+$/)
    const conversations = await restRows<{ id: string; title: string }>(
      visitor.tokens,
      'conversations',
    )
    expect(conversations.map(({ id, title }) => [id, title])).toEqual([[copy, 'Picnic plans']])
    const messages = await restRows<{ content: string; role: string }>(
      visitor.tokens,
      'chat_messages',
      'select=role,content&order=created_at',
    )
    expect(messages).toEqual([
      { role: 'user', content: 'Where should we **picnic**?' },
      { role: 'assistant', content: 'By the river, under the *willows*.' },
    ])
  })

  test("'Failed to continue the conversation' keeps the page as it was", async () => {
    const id = await sharedConversation()
    const visitor = await account('Visitor Val')
    storeSession(visitor.tokens)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const view = renderApp(atLink(id))
    const button = await screen.findByRole('button', { name: 'Continue this conversation' })
    mswServer.use(
      http.post(SQL_URL, () => HttpResponse.json({ message: 'down' }, { status: 503 }), {
        once: true,
      }),
    )
    await userEvent.click(button)
    expect(await screen.findByText('Failed to continue the conversation')).toBeInTheDocument()
    expect(view.env.navigate).not.toHaveBeenCalled()
    expect(screen.getByRole('heading', { level: 1, name: 'Picnic plans' })).toBeVisible()
    expect(await restRows(visitor.tokens, 'conversations')).toEqual([])
  })
})
