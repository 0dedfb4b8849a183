import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import type { TokenSet } from '../../src/platform/index'
import { restInsert, restRows } from '../support/chat-session'
import { installMockPlatform } from '../support/mock-platform'
import { mswServer } from '../support/msw-server'
import { renderApp } from '../support/render-app'
import { TEST_ORIGIN } from '../support/test-platform'

const mockPlatform = installMockPlatform()
const toast = (text: string) => screen.findByText(text, {}, { timeout: 4000 })

async function signedIn(email: string) {
  localStorage.setItem('auth_tokens', JSON.stringify(await mockPlatform().signUp(email, email)))
  const app = renderApp()
  await screen.findByText(/Welcome,/)
  return app
}

async function openLibrary() {
  await userEvent.click(screen.getByRole('button', { name: 'Library' }))
  return screen.findByRole('dialog', { name: 'Prompt Library' })
}

describe('the Quick Prompts panel', () => {
  test('empty state, add from the library (duplicate refused), run into the chat input, remove', async () => {
    await signedIn('quick@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Quick Prompts' }))
    const panel = await screen.findByRole('dialog', { name: 'Quick Prompts' })
    expect(await within(panel).findByText('No quick prompts added')).toBeInTheDocument()
    expect(
      within(panel).getByText('Add prompts to your quick menu from the Prompt Library'),
    ).toBeInTheDocument()
    await userEvent.click(within(panel).getByRole('button', { name: 'Close' }))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Quick Prompts' })).not.toBeInTheDocument(),
    )

    const library = await openLibrary()
    const cards = await within(library).findAllByRole('article')
    const card = cards.find((c) => within(c).queryByRole('button', { name: 'Run' }))!
    const title = card.getAttribute('aria-label')!
    await userEvent.click(within(card).getByRole('button', { name: 'Add to Quick Menu' }))
    expect(await toast(`Added "${title}" to quick menu`)).toBeInTheDocument()
    await userEvent.click(within(card).getByRole('button', { name: 'Add to Quick Menu' }))
    expect(await toast('Prompt is already in your quick menu')).toBeInTheDocument()
    await userEvent.click(within(library).getByRole('button', { name: 'Close' }))

    await userEvent.click(screen.getByRole('button', { name: 'Quick Prompts' }))
    const reopened = await screen.findByRole('dialog', { name: 'Quick Prompts' })
    await userEvent.click(await within(reopened).findByText(title))
    expect(await toast(`Running: ${title}`)).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Quick Prompts' })).not.toBeInTheDocument(),
    )
    // Into the chat input, and 100 ms later sent from it (docs/product/behaviour.md#quick-prompt-run):
    // the end state, whatever the timing, is the user's message with the input empty.
    expect(await screen.findByRole('article', { name: 'You message' })).not.toBeEmptyDOMElement()
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe(
        '',
      ),
    )

    await userEvent.click(screen.getByRole('button', { name: 'Quick Prompts' }))
    const again = await screen.findByRole('dialog', { name: 'Quick Prompts' })
    await userEvent.click(
      await within(again).findByRole('button', { name: `Remove ${title} from quick menu` }),
    )
    expect(await toast(`Removed "${title}" from quick menu`)).toBeInTheDocument()
    expect(await within(again).findByText('No quick prompts added')).toBeInTheDocument()
  })

  test('Run from the library fills the chat input and closes the library', async () => {
    await signedIn('runner@example.com')
    const library = await openLibrary()
    const cards = await within(library).findAllByRole('article')
    const card = cards.find((c) => within(c).queryByRole('button', { name: 'Run' }))!
    const title = card.getAttribute('aria-label')!
    await userEvent.click(within(card).getByRole('button', { name: 'Run' }))
    expect(await toast(`Running prompt: ${title}`)).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Prompt Library' })).not.toBeInTheDocument(),
    )
    expect(
      (screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value.length,
    ).toBeGreaterThan(0)
  })

  test("an entry's Activate button keeps its name and takes the title as description", async () => {
    await signedIn('toggler@example.com')
    const library = await openLibrary()
    await userEvent.click(within(library).getByRole('button', { name: 'Create' }))
    const create = await screen.findByRole('dialog', { name: 'Create New Prompt' })
    await userEvent.type(within(create).getByLabelText('Title'), 'Pirate voice')
    await userEvent.type(within(create).getByLabelText('Content'), 'Talk like a pirate')
    await userEvent.click(within(create).getByText('System Prompt'))
    await userEvent.click(within(create).getByRole('button', { name: 'Create Prompt' }))
    await toast('Prompt created successfully')
    await userEvent.click(within(library).getByRole('tab', { name: 'My Prompts' }))
    const card = await within(library).findByRole('article', { name: 'Pirate voice' })
    for (const name of ['Activate', 'Edit', 'Delete', 'Add to Quick Menu', 'Copy']) {
      expect(within(card).getByRole('button', { name })).toHaveAccessibleDescription('Pirate voice')
    }
    await userEvent.click(within(card).getByRole('button', { name: 'Add to Quick Menu' }))
    await toast('Added "Pirate voice" to quick menu')
    await userEvent.click(within(library).getByRole('button', { name: 'Close' }))

    await userEvent.click(screen.getByRole('button', { name: 'Quick Prompts' }))
    const panel = await screen.findByRole('dialog', { name: 'Quick Prompts' })
    const activate = await within(panel).findByRole('button', { name: 'Activate' })
    expect(activate).toHaveAccessibleName('Activate')
    expect(activate).toHaveAccessibleDescription('Pirate voice')
  })

  test('failed loads say so', async () => {
    await signedIn('offline@example.com')
    mswServer.use(
      http.get(`${TEST_ORIGIN}/api/db/:project/rest/v1/prompts`, () =>
        HttpResponse.json({ message: 'down' }, { status: 500 }),
      ),
      http.get(`${TEST_ORIGIN}/api/db/:project/rest/v1/quick_prompts`, () =>
        HttpResponse.json({ message: 'down' }, { status: 500 }),
      ),
    )
    const library = await openLibrary()
    expect(await toast('Failed to load prompts')).toBeInTheDocument()
    expect(within(library).getByText('No prompts found')).toBeInTheDocument()
    await userEvent.click(within(library).getByRole('button', { name: 'Close' }))
    await userEvent.click(screen.getByRole('button', { name: 'Quick Prompts' }))
    expect(await toast('Failed to load quick prompts')).toBeInTheDocument()
  })

  test('entries move up and down, by button and Alt+Arrow, keep focus, and keep their order', async () => {
    const tokens: TokenSet = await mockPlatform().signUp('order@example.com', 'Order')
    localStorage.setItem('auth_tokens', JSON.stringify(tokens))
    const seeded = await restRows<{ id: string; title: string }>(
      tokens,
      'prompts',
      'select=id,title&is_public=eq.1&order=created_at.desc&limit=3',
    )
    expect(seeded).toHaveLength(3)
    for (const [i, prompt] of seeded.entries()) {
      await restInsert(tokens, 'quick_prompts', {
        id: `quick_${i}`,
        user_id: JSON.parse(atob(tokens.access_token.split('.')[1]!)).sub,
        prompt_id: prompt.id,
        created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      })
    }
    const [a, b, c] = seeded.map((p) => p.title) as [string, string, string]
    renderApp()
    await screen.findByText(/Welcome,/)
    await userEvent.click(screen.getByRole('button', { name: 'Quick Prompts' }))
    const panel = await screen.findByRole('dialog', { name: 'Quick Prompts' })
    const order = () =>
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('button span span')?.textContent)
    await waitFor(() => expect(order()).toEqual([a, b, c]))
    expect(within(panel).getByRole('button', { name: `Move ${a} up` })).toBeDisabled()
    expect(within(panel).getByRole('button', { name: `Move ${c} down` })).toBeDisabled()

    await userEvent.click(within(panel).getByRole('button', { name: `Move ${a} down` }))
    expect(order()).toEqual([b, a, c])
    // The clicked button gets its focus back on the next frame (its node moved): wait for it,
    // or that frame could move focus away from the key press below.
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(`Move ${a} down`))
    // From the keyboard, the control keeps its focus as its entry moves.
    const removeC = within(panel).getByRole('button', { name: `Remove ${c} from quick menu` })
    removeC.focus()
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}')
    expect(order()).toEqual([b, c, a])
    await waitFor(() =>
      expect(removeC.ownerDocument.activeElement).toHaveAccessibleName(
        `Remove ${c} from quick menu`,
      ),
    )
    await waitFor(async () =>
      expect(
        (
          await restRows<{ id: string }>(tokens, 'quick_prompts', 'select=id&order=position.asc')
        ).map((row) => row.id),
      ).toEqual(['quick_1', 'quick_2', 'quick_0']),
    )

    // A reorder the database refuses is said, and the order kept shows again.
    mswServer.use(
      http.post(`${TEST_ORIGIN}/api/db/prompt-chat/sql`, () =>
        HttpResponse.json({ error: { message: 'database busy' } }, { status: 503 }),
      ),
    )
    await userEvent.click(within(panel).getByRole('button', { name: `Move ${b} down` }))
    expect(await toast('Failed to reorder quick prompts')).toBeInTheDocument()
    await waitFor(() => expect(order()).toEqual([b, c, a]))
  })
})
