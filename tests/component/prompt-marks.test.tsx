import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import type { PromptMark } from '../../src/domain/prompt-marks'
import type { TokenSet } from '../../src/platform/index'
import { restRows } from '../support/chat-session'
import { installMockPlatform } from '../support/mock-platform'
import { mswServer } from '../support/msw-server'
import { renderApp } from '../support/render-app'
import { TEST_ORIGIN } from '../support/test-platform'

// Favourites and tags in the Prompt Library (docs/product/screens.md#favourites-and-tags), over
// the mock platform: what the user sees, and the rows kept.

const mockPlatform = installMockPlatform()
const MARKS_URL = `${TEST_ORIGIN}/api/db/prompt-chat/rest/v1/prompt_marks`

async function signedIn(email: string): Promise<TokenSet> {
  const tokens = await mockPlatform().signUp(email, email)
  localStorage.setItem('auth_tokens', JSON.stringify(tokens))
  renderApp()
  await screen.findByText(/Welcome,/)
  return tokens
}

async function openLibrary() {
  await userEvent.click(screen.getByRole('button', { name: 'Library' }))
  return screen.findByRole('dialog', { name: 'Prompt Library' })
}

const titles = (library: HTMLElement) =>
  within(library)
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-label'))

const toast = (text: string) => screen.findByText(text, {}, { timeout: 4000 })

describe('favourites and tags', () => {
  test('a star is kept, filters the list with Favourites, and is there after a reload', async () => {
    const tokens = await signedIn('stars@example.com')
    let library = await openLibrary()
    const [first, second] = await within(library).findAllByRole('article')
    const starred = first!.getAttribute('aria-label')!
    expect(second).toBeDefined()
    const star = within(first!).getByRole('button', { name: 'Favourite' })
    expect(star).toHaveAttribute('aria-pressed', 'false')
    expect(star).toHaveAccessibleDescription(starred)
    await userEvent.click(star)
    expect(star).toHaveAttribute('aria-pressed', 'true')
    await waitFor(async () =>
      expect((await restRows<PromptMark>(tokens, 'prompt_marks')).map((m) => m.favourite)).toEqual([
        true,
      ]),
    )

    await userEvent.click(within(library).getByRole('button', { name: 'Favourites' }))
    await waitFor(() => expect(titles(library)).toEqual([starred]))
    expect(within(library).getByRole('button', { name: 'Favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await userEvent.click(within(library).getByRole('button', { name: 'Favourites' }))
    await waitFor(() => expect(titles(library).length).toBeGreaterThan(1))

    // A reload reads the star back.
    cleanup()
    renderApp()
    await screen.findByText(/Welcome,/)
    library = await openLibrary()
    const again = await within(library).findByRole('article', { name: starred })
    expect(within(again).getByRole('button', { name: 'Favourite' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  })

  test('a tag typed on a card is kept; its chip filters the list; the filter clears', async () => {
    const tokens = await signedIn('tags@example.com')
    const library = await openLibrary()
    const [first] = await within(library).findAllByRole('article')
    const title = first!.getAttribute('aria-label')!
    await userEvent.type(
      within(first!).getByRole('textbox', { name: `Add a tag to ${title}` }),
      '  Deep   work {Enter}',
    )
    const chip = await within(first!).findByRole('button', { name: '#Deep work' })
    expect(within(first!).getByRole('textbox', { name: `Add a tag to ${title}` })).toHaveValue('')
    await waitFor(async () =>
      expect((await restRows<PromptMark>(tokens, 'prompt_marks')).map((m) => m.tags)).toEqual([
        ['Deep work'],
      ]),
    )

    await userEvent.click(chip)
    expect(await within(library).findByText('Tagged #Deep work')).toBeInTheDocument()
    await waitFor(() => expect(titles(library)).toEqual([title]))

    await userEvent.click(within(library).getByRole('button', { name: 'Clear tag filter' }))
    await waitFor(() => expect(titles(library).length).toBeGreaterThan(1))

    const card = within(library).getByRole('article', { name: title })
    await userEvent.click(within(card).getByRole('button', { name: 'Remove tag Deep work' }))
    await waitFor(async () =>
      expect((await restRows<PromptMark>(tokens, 'prompt_marks')).map((m) => m.tags)).toEqual([[]]),
    )
    expect(within(card).queryByRole('button', { name: '#Deep work' })).not.toBeInTheDocument()
  })

  test('a tag too long, or an 11th, is refused with its message, and the typed text stays', async () => {
    await signedIn('limits@example.com')
    const library = await openLibrary()
    const [first] = await within(library).findAllByRole('article')
    const field = within(first!).getByRole('textbox', { name: /^Add a tag to/ })
    const long = 'x'.repeat(31)
    await userEvent.type(field, `${long}{Enter}`)
    expect(await toast('Tags are at most 30 characters')).toBeInTheDocument()
    expect(field).toHaveValue(long)
    await userEvent.clear(field)
    for (let i = 1; i <= 10; i++) await userEvent.type(field, `t${i},`)
    expect(within(first!).getAllByRole('button', { name: /^#t\d+$/ })).toHaveLength(10)
    await userEvent.type(field, 'eleventh{Enter}')
    expect(await toast('A prompt can have at most 10 tags')).toBeInTheDocument()
    expect(field).toHaveValue('eleventh')
  })

  test('a star or tags that cannot be saved are said, and the card shows what was kept', async () => {
    await signedIn('offline@example.com')
    mswServer.use(
      http.post(MARKS_URL, () =>
        HttpResponse.json({ error: { message: 'database busy' } }, { status: 503 }),
      ),
    )
    const library = await openLibrary()
    const [first] = await within(library).findAllByRole('article')
    const title = first!.getAttribute('aria-label')!
    await userEvent.click(within(first!).getByRole('button', { name: 'Favourite' }))
    expect(await toast('Failed to update favourites')).toBeInTheDocument()
    await waitFor(() =>
      expect(
        within(within(library).getByRole('article', { name: title })).getByRole('button', {
          name: 'Favourite',
        }),
      ).toHaveAttribute('aria-pressed', 'false'),
    )
    const card = within(library).getByRole('article', { name: title })
    await userEvent.type(
      within(card).getByRole('textbox', { name: /^Add a tag to/ }),
      'ideas{Enter}',
    )
    expect(await toast('Failed to save tags')).toBeInTheDocument()
    await waitFor(() =>
      expect(
        within(within(library).getByRole('article', { name: title })).queryByRole('button', {
          name: '#ideas',
        }),
      ).not.toBeInTheDocument(),
    )
  })

  test('an empty filtered list says what it was filtered by', async () => {
    await signedIn('empty@example.com')
    const library = await openLibrary()
    await within(library).findAllByRole('article')
    await userEvent.click(within(library).getByRole('tab', { name: 'My Prompts' }))
    await userEvent.click(within(library).getByRole('button', { name: 'Favourites' }))
    expect(
      await within(library).findByText('No favourite prompts yet. Star a prompt to find it here.'),
    ).toBeInTheDocument()
    expect(
      within(library).queryByRole('button', { name: 'Create Your First Prompt' }),
    ).not.toBeInTheDocument()
  })
})
