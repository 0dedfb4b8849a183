import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { restInsert, storeSession } from '../support/chat-session'
import { installMockPlatform } from '../support/mock-platform'
import { mswServer } from '../support/msw-server'
import { renderApp } from '../support/render-app'
import { TEST_ORIGIN, TEST_PROJECT_ID } from '../support/test-platform'

// Search (docs/product/search.md) in the running app on the mock platform: Ctrl+K or the
// sidebar's button, results with their matches marked, the keyboard, and what a choice opens.
const mockPlatform = installMockPlatform()

let users = 0
/**
 * A returning user with a short conversation about Lisbon and one about Porto, of 250
 * messages when `long` (else 6).
 */
async function signedIn({ long = false } = {}) {
  const tokens = await mockPlatform().signUp(`search${++users}@example.com`, 'Searcher')
  const userId = JSON.parse(atob(tokens.access_token.split('.')[1]!)).sub as string
  const conversation = async (id: string, title: string, hoursAgo: number, lines: string[]) => {
    const start = Date.now() - hoursAgo * 3_600_000
    await restInsert(tokens, 'conversations', {
      id,
      user_id: userId,
      title,
      created_at: new Date(start).toISOString(),
      updated_at: new Date(start).toISOString(),
    })
    await restInsert(
      tokens,
      'chat_messages',
      lines.map((content, i) => ({
        id: `${id}_msg_${i + 1}`,
        user_id: userId,
        conversation_id: id,
        model_id: 'gpt-5',
        role: i % 2 === 0 ? 'user' : 'assistant',
        content,
        created_at: new Date(start + i * 1000).toISOString(),
      })),
    )
  }
  const trip = `trip_${users}`
  const porto = `porto_${users}`
  await conversation(trip, 'Spring holiday', 1, [
    'Where should I go in May?',
    'Lisbon is lovely in May: trams, tiles and custard tarts.',
  ])
  // 250 messages: the one about port wine is on the first page of three, far from the end.
  await conversation(
    porto,
    'Porto notes',
    3,
    Array.from({ length: long ? 250 : 6 }, (_, i) =>
      i === 4 ? 'The cellars across the river pour port wine.' : `note ${i + 1}`,
    ),
  )
  await restInsert(tokens, 'prompts', {
    user_id: userId,
    title: 'Lisbon planner',
    content: 'Plan three days in Lisbon.',
    type: 'user',
    is_public: '0',
  })
  storeSession(tokens)
  return { tokens, userId, trip, porto }
}

async function openSearch() {
  await screen.findByRole('region', { name: 'Conversation' })
  await userEvent.keyboard('{Control>}k{/Control}')
  const dialog = await screen.findByRole('dialog', { name: 'Search' })
  const box = within(dialog).getByRole('combobox', { name: 'Search conversations and prompts' })
  // Where focus lands is the browser's to say (jsdom has no layout): e2e/search.spec.ts checks it.
  return { dialog, box }
}

const results = (dialog: HTMLElement) => within(dialog).queryAllByRole('option')

describe('search', () => {
  test('Ctrl+K opens it; results come grouped with their matches marked', async () => {
    await signedIn()
    renderApp()
    const { dialog, box } = await openSearch()
    expect(
      within(dialog).getByText('Search words, a "quoted phrase", or -word to leave a word out.'),
    ).toBeInTheDocument()
    await userEvent.type(box, 'lisbon')
    const conversations = await within(dialog).findByRole('group', { name: 'Conversations' })
    const [trip] = within(conversations).getAllByRole('option')
    expect(trip).toHaveTextContent('Spring holiday')
    expect(within(trip!).getByText('Lisbon', { selector: 'mark' })).toBeInTheDocument()
    const prompts = within(dialog).getByRole('group', { name: 'Prompts' })
    expect(within(prompts).getByRole('option')).toHaveTextContent('Lisbon planner')
    expect(within(prompts).getByRole('option')).toHaveTextContent('User prompt')
    // The first result is the active one, and the box says so.
    expect(trip).toHaveAttribute('aria-selected', 'true')
    expect(box).toHaveAttribute('aria-activedescendant', trip!.id)
  })

  test('Enter opens the conversation at the message found, even pages up; it lights up', async () => {
    const { porto } = await signedIn({ long: true })
    const app = renderApp()
    const { dialog, box } = await openSearch()
    await userEvent.type(box, 'port wine')
    await waitFor(() => expect(results(dialog)).toHaveLength(1))
    expect(results(dialog)[0]).toHaveTextContent('Porto notes')
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull())
    const log = screen.getByRole('region', { name: 'Conversation' })
    const found = await within(log).findByText('The cellars across the river pour port wine.')
    const article = found.closest('article')!
    expect(article).toHaveAttribute('data-message-id', `${porto}_msg_5`)
    await waitFor(() => expect(article).toHaveAttribute('data-found'))
    // Another conversation than the one open: a new entry of the browser's history.
    expect(app.currentHref()).toBe(`${TEST_ORIGIN}/?c=${porto}`)
    expect(app.env.pushHref).toHaveBeenCalledTimes(1)
    // Not pulled back to the end: Jump to latest is offered.
    expect(within(log).getByRole('button', { name: 'Jump to latest' })).toBeInTheDocument()
  })

  test('the arrows choose between results; a prompt opens in the library, searched for', async () => {
    await signedIn()
    renderApp()
    const { dialog, box } = await openSearch()
    await userEvent.type(box, 'lisbon')
    await waitFor(() => expect(results(dialog)).toHaveLength(2))
    await userEvent.keyboard('{ArrowDown}')
    expect(results(dialog)[1]).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{Enter}')
    const library = await screen.findByRole('dialog', { name: 'Prompt Library' })
    expect(within(library).getByRole('tab', { name: 'My Prompts' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    expect(within(library).getByRole('searchbox', { name: 'Search prompts' })).toHaveValue(
      'Lisbon planner',
    )
    expect(await within(library).findByText('Plan three days in Lisbon.')).toBeInTheDocument()
  })

  test('the sidebar has it too; nothing found says so, and the text stays for next time', async () => {
    await signedIn()
    renderApp()
    await screen.findByRole('region', { name: 'Conversation' })
    const sidebar = screen.getByRole('complementary', { name: 'Conversation sidebar' })
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Search' }))
    const dialog = await screen.findByRole('dialog', { name: 'Search' })
    const box = within(dialog).getByRole('combobox', { name: 'Search conversations and prompts' })
    await userEvent.type(box, 'zanzibar')
    expect(await within(dialog).findByText('No results for "zanzibar"')).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull())
    await userEvent.keyboard('{Control>}k{/Control}')
    const again = await screen.findByRole('dialog', { name: 'Search' })
    expect(within(again).getByRole('combobox')).toHaveValue('zanzibar')
  })

  test('a search the server fails says so, and Try again asks again', async () => {
    await signedIn()
    renderApp()
    const { dialog, box } = await openSearch()
    let failing = true
    mswServer.use(
      http.post(`${TEST_ORIGIN}/api/db/${TEST_PROJECT_ID}/sql`, async ({ request }) => {
        const body = (await request.clone().json()) as { query: string }
        if (failing && body.query.includes('search_everything'))
          return HttpResponse.json({ error: 'down' }, { status: 503 })
        return undefined
      }),
    )
    await userEvent.type(box, 'lisbon')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Search failed.')
    failing = false
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(results(dialog)).toHaveLength(2))
  })
})
