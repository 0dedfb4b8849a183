import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import { restInsert } from '../support/chat-session'
import { installMockPlatform } from '../support/mock-platform'
import { mswServer } from '../support/msw-server'
import { renderApp } from '../support/render-app'

const mockPlatform = installMockPlatform()

// The address the app is served at; unlike jsdom's own origin, so a link built from the
// global window instead of the app's address would fail the share-link check.
const APP_ORIGIN = 'https://chat.example.com'

async function signedIn(email: string) {
  localStorage.setItem('auth_tokens', JSON.stringify(await mockPlatform().signUp(email, email)))
  const app = renderApp({ href: `${APP_ORIGIN}/` })
  await screen.findByText(/Welcome,/)
  return app
}

async function openLibrary() {
  await userEvent.click(screen.getByRole('button', { name: 'Library' }))
  return screen.findByRole('dialog', { name: 'Prompt Library' })
}

const toast = (text: string) => screen.findByText(text, {}, { timeout: 4000 })

describe('the Prompt Library dialog', () => {
  test('Browse Public lists public prompts by Anonymous; search filters; empty search says so', async () => {
    await signedIn('browser@example.com')
    const publicReads: URLSearchParams[] = []
    const onRequest = ({ request }: { request: Request }) => {
      const url = new URL(request.url)
      if (request.method === 'GET' && url.pathname.endsWith('/rest/v1/prompts'))
        if (url.searchParams.get('is_public') === 'eq.1') publicReads.push(url.searchParams)
    }
    mswServer.events.on('request:start', onRequest)
    const library = await openLibrary()
    await waitFor(() => expect(publicReads.length).toBeGreaterThan(0))
    mswServer.events.removeListener('request:start', onRequest)
    // The public list is the newest 50 (docs/product/limits.md).
    expect(publicReads[0]?.get('limit')).toBe('50')
    expect(publicReads[0]?.get('order')).toBe('created_at.desc')
    expect(within(library).getByRole('tab', { name: 'Browse Public' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    const cards = await within(library).findAllByRole('article')
    expect(cards.length).toBeGreaterThan(0)
    expect(within(cards[0]!).getByTestId('prompt-author')).toHaveTextContent('Anonymous')
    expect(within(cards[0]!).getByText('Public')).toBeInTheDocument()
    await userEvent.type(
      within(library).getByPlaceholderText('Search prompts...'),
      'zzz-no-such-prompt',
    )
    expect(within(library).getByText('No prompts found')).toBeInTheDocument()
  })

  test("My Prompts: empty state, create with validation, then the card is the user's own", async () => {
    await signedIn('creator@example.com')
    const library = await openLibrary()
    await userEvent.click(within(library).getByRole('tab', { name: 'My Prompts' }))
    expect(
      await within(library).findByText("You haven't created any prompts yet"),
    ).toBeInTheDocument()
    await userEvent.click(within(library).getByRole('button', { name: 'Create Your First Prompt' }))

    const create = await screen.findByRole('dialog', { name: 'Create New Prompt' })
    const submit = within(create).getByRole('button', { name: 'Create Prompt' })
    expect(submit).toBeDisabled()
    await userEvent.type(within(create).getByLabelText('Title'), '  Haiku writer  ')
    expect(submit).toBeDisabled()
    await userEvent.type(within(create).getByLabelText('Content'), 'Write a **haiku** <b>now</b>')
    expect(within(create).getByRole('radio', { name: 'User Prompt' })).toBeChecked()
    expect(within(create).getByRole('radio', { name: 'System Prompt' })).not.toBeChecked()
    await userEvent.click(within(create).getByText('System Prompt'))
    expect(within(create).getByRole('radio', { name: 'System Prompt' })).toBeChecked()
    await userEvent.click(within(create).getByText('Make Public'))
    expect(submit).toBeEnabled()
    await userEvent.click(submit)

    expect(await toast('Prompt created successfully')).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create New Prompt' })).not.toBeInTheDocument(),
    )
    const card = await within(library).findByRole('article', { name: 'Haiku writer' })
    expect(within(card).getByTestId('prompt-author')).toHaveTextContent('You')
    expect(within(card).getByText('System')).toBeInTheDocument()
    expect(within(card).getByText('Public')).toBeInTheDocument()
    // A prompt's content is text: markup shows as written, never as HTML.
    expect(within(card).getByText('Write a **haiku** <b>now</b>')).toBeInTheDocument()
    expect(card.querySelector('b')).toBeNull()
    expect(within(card).getByRole('textbox', { name: 'Share link for Haiku writer' })).toHaveValue(
      `${APP_ORIGIN}/?prompt=${encodeURIComponent(
        JSON.stringify({
          title: 'Haiku writer',
          content: 'Write a **haiku** <b>now</b>',
          type: 'system',
        }),
      )}`,
    )
  })

  test('Escape asks before it discards a typed prompt; unchanged, it closes at once', async () => {
    await signedIn('discarder@example.com')
    const library = await openLibrary()
    const openCreate = async () => {
      await userEvent.click(within(library).getByRole('button', { name: 'Create' }))
      const create = await screen.findByRole('dialog', { name: 'Create New Prompt' })
      const title = within(create).getByLabelText('Title')
      await waitFor(() => {
        title.focus()
        expect(title).toHaveFocus()
      })
      return create
    }
    const createOpen = () => screen.queryByRole('dialog', { name: 'Create New Prompt' })

    // Nothing typed: Escape closes it, no question.
    await openCreate()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(createOpen()).toBeNull())

    const create = await openCreate()
    await userEvent.type(within(create).getByLabelText('Title'), 'Half a thought')
    await userEvent.keyboard('{Escape}')
    expect(within(create).getByRole('alert')).toHaveTextContent('Discard changes?')
    const keep = within(create).getByRole('button', { name: 'Keep editing' })
    await waitFor(() => expect(keep).toHaveFocus())
    await userEvent.click(keep)
    expect(within(create).queryByRole('alert')).toBeNull()
    expect(within(create).getByLabelText('Title')).toHaveValue('Half a thought')
    expect(within(create).getByRole('button', { name: 'Create Prompt' })).toBeInTheDocument()

    // Escape while asked goes back to the form too; Discard closes it.
    await userEvent.keyboard('{Escape}')
    expect(within(create).getByRole('alert')).toHaveTextContent('Discard changes?')
    await userEvent.keyboard('{Escape}')
    expect(within(create).queryByRole('alert')).toBeNull()
    expect(createOpen()).not.toBeNull()
    await userEvent.keyboard('{Escape}')
    await userEvent.click(within(create).getByRole('button', { name: 'Discard' }))
    await waitFor(() => expect(createOpen()).toBeNull())

    // The form opens empty again; Cancel never asks.
    const again = await openCreate()
    expect(within(again).getByLabelText('Title')).toHaveValue('')
    await userEvent.type(within(again).getByLabelText('Title'), 'Another')
    await userEvent.click(within(again).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(createOpen()).toBeNull())
  })

  test('Edit Prompt saves trimmed changes; activate shows the Active badges', async () => {
    await signedIn('editor@example.com')
    const library = await openLibrary()
    await userEvent.click(within(library).getByRole('button', { name: 'Create' }))
    const create = await screen.findByRole('dialog', { name: 'Create New Prompt' })
    await userEvent.type(within(create).getByLabelText('Title'), 'Tone')
    await userEvent.type(within(create).getByLabelText('Content'), 'Be kind')
    await userEvent.click(within(create).getByText('System Prompt'))
    await userEvent.click(within(create).getByRole('button', { name: 'Create Prompt' }))
    await toast('Prompt created successfully')
    await userEvent.click(within(library).getByRole('tab', { name: 'My Prompts' }))
    const card = await within(library).findByRole('article', { name: 'Tone' })

    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }))
    const edit = await screen.findByRole('dialog', { name: 'Edit Prompt' })
    const title = within(edit).getByLabelText('Title')
    // The library's focus trap hands over to the new dialog's a frame after it opens.
    await waitFor(() => {
      title.focus()
      expect(title).toHaveFocus()
    })
    await userEvent.clear(title)
    expect(within(edit).getByRole('button', { name: 'Save Changes' })).toBeDisabled()
    await userEvent.type(title, '  Gentle tone ')
    await userEvent.click(within(edit).getByRole('button', { name: 'Save Changes' }))
    expect(await toast('Prompt updated successfully')).toBeInTheDocument()
    const renamed = await within(library).findByRole('article', { name: 'Gentle tone' })

    // Edit again: unchanged, Escape closes it at once; changed, it asks first.
    const editAgain = async () => {
      await userEvent.click(within(renamed).getByRole('button', { name: 'Edit' }))
      const dialog = await screen.findByRole('dialog', { name: 'Edit Prompt' })
      const field = within(dialog).getByLabelText('Content')
      await waitFor(() => {
        field.focus()
        expect(field).toHaveFocus()
      })
      return dialog
    }
    const editOpen = () => screen.queryByRole('dialog', { name: 'Edit Prompt' })
    await editAgain()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(editOpen()).toBeNull())
    const changing = await editAgain()
    await userEvent.type(within(changing).getByLabelText('Content'), ' always')
    await userEvent.keyboard('{Escape}')
    expect(within(changing).getByRole('alert')).toHaveTextContent('Discard changes?')
    await userEvent.click(within(changing).getByRole('button', { name: 'Discard' }))
    await waitFor(() => expect(editOpen()).toBeNull())
    expect(within(renamed).getByText('Be kind')).toBeInTheDocument()

    await userEvent.click(within(renamed).getByRole('button', { name: 'Activate' }))
    expect(await toast('Activated: Gentle tone')).toBeInTheDocument()
    expect(await screen.findByTestId('active-prompt-badge')).toHaveTextContent(
      'Active: Gentle tone',
    )
    const active = await within(library).findByRole('article', { name: 'Gentle tone' })
    await waitFor(() => expect(within(active).getByText('Active')).toBeInTheDocument())
    await userEvent.click(within(active).getByRole('button', { name: 'Deactivate' }))
    expect(await toast('Deactivated: Gentle tone')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByTestId('active-prompt-badge')).not.toBeInTheDocument())

    // The owner deletes their own prompt outright; deleting the active one ends it too.
    const again = await within(library).findByRole('article', { name: 'Gentle tone' })
    await userEvent.click(within(again).getByRole('button', { name: 'Activate' }))
    expect(await screen.findByTestId('active-prompt-badge')).toHaveTextContent(
      'Active: Gentle tone',
    )
    const inactive = await within(library).findByRole('article', { name: 'Gentle tone' })
    await waitFor(() => expect(within(inactive).getByText('Active')).toBeInTheDocument())
    await userEvent.click(within(inactive).getByRole('button', { name: 'Delete' }))
    expect(await toast('Prompt deleted successfully')).toBeInTheDocument()
    expect(
      await within(library).findByText("You haven't created any prompts yet"),
    ).toBeInTheDocument()
  })

  test("every card's buttons keep their names and take the card's title as description", async () => {
    await signedIn('describer@example.com')
    const library = await openLibrary()
    const cards = await within(library).findAllByRole('article')
    const runnable = cards.filter((c) => within(c).queryByRole('button', { name: 'Run' }))
    expect(runnable.length).toBeGreaterThan(1)
    for (const card of runnable) {
      const title = card.getAttribute('aria-label')!
      for (const name of ['Copy', 'Run', 'Save', 'Add to Quick Menu', 'Hide']) {
        const button = within(card).getByRole('button', { name })
        expect(button).toHaveAccessibleName(name)
        expect(button).toHaveAccessibleDescription(title)
      }
    }
    // Each Copy button points at its own card's title.
    const copies = within(library).getAllByRole('button', { name: 'Copy' })
    expect(new Set(copies.map((b) => b.getAttribute('aria-describedby'))).size).toBe(copies.length)
  })

  test('rate, save a copy, hide, and copy the share link from a public card', async () => {
    await signedIn('rater@example.com')
    const library = await openLibrary()
    const [card] = await within(library).findAllByRole('article')
    const title = card!.getAttribute('aria-label')!

    await userEvent.click(within(card!).getByRole('radio', { name: '4 stars' }))
    expect(await toast('Rating saved')).toBeInTheDocument()
    await waitFor(() =>
      expect(
        within(within(library).getByRole('article', { name: title })).getByTestId('rating-summary'),
      ).toHaveTextContent('4.0 (1)'),
    )

    await userEvent.click(
      within(within(library).getByRole('article', { name: title })).getByRole('button', {
        name: 'Save',
      }),
    )
    expect(await toast(`Saved "${title}" to your prompts`)).toBeInTheDocument()

    const clipboard: string[] = []
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void clipboard.push(text) },
    })
    await userEvent.click(
      within(within(library).getByRole('article', { name: title })).getByRole('button', {
        name: 'Copy',
      }),
    )
    expect(await toast('Share link copied to clipboard!')).toBeInTheDocument()
    expect(clipboard[0]).toContain('?prompt=')
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async () => Promise.reject(new Error('denied')) },
    })
    await userEvent.click(
      within(within(library).getByRole('article', { name: title })).getByRole('button', {
        name: 'Copy',
      }),
    )
    expect(await toast('Failed to copy URL')).toBeInTheDocument()

    await userEvent.click(
      within(within(library).getByRole('article', { name: title })).getByRole('button', {
        name: 'Hide',
      }),
    )
    expect(await toast('Prompt hidden from your library')).toBeInTheDocument()
    await waitFor(() =>
      expect(within(library).queryByRole('article', { name: title })).not.toBeInTheDocument(),
    )

    // Hidden is not gone: Show hidden prompts lists it, with Unhide.
    const showHidden = within(library).getByRole('button', { name: 'Show hidden prompts' })
    expect(showHidden).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(showHidden)
    expect(showHidden).toHaveAttribute('aria-pressed', 'true')
    const hidden = await within(library).findByRole('article', { name: title })
    expect(within(library).getAllByRole('article')).toHaveLength(1)
    await userEvent.click(within(hidden).getByRole('button', { name: 'Unhide' }))
    expect(await toast(`"${title}" is back in your library`)).toBeInTheDocument()
    expect(await within(library).findByText('You have not hidden any prompts')).toBeInTheDocument()
    await userEvent.click(showHidden)
    expect(await within(library).findByRole('article', { name: title })).toBeInTheDocument()
  })

  test("another user's active system prompt is not shown as active in my library", async () => {
    const author = await mockPlatform().signUp('active-author@example.com', 'Author')
    const authorId = JSON.parse(atob(author.access_token.split('.')[1]!)).sub as string
    await restInsert(author, 'prompts', {
      user_id: authorId,
      title: 'Their active voice',
      content: 'Answer in rhyme',
      type: 'system',
      is_public: '1',
      is_active: '1',
    })
    await signedIn('active-reader@example.com')
    const library = await openLibrary()
    const card = await within(library).findByRole('article', { name: 'Their active voice' })
    expect(within(card).getByText('System')).toBeInTheDocument()
    expect(within(card).queryByText('Active')).not.toBeInTheDocument()
    expect(screen.queryByTestId('active-prompt-badge')).not.toBeInTheDocument()
  })

  test('a copy is saved once: the second Save says it is there already', async () => {
    await signedIn('saver@example.com')
    const library = await openLibrary()
    const [card] = await within(library).findAllByRole('article')
    const title = card!.getAttribute('aria-label')!
    const save = () =>
      userEvent.click(
        within(within(library).getByRole('article', { name: title })).getByRole('button', {
          name: 'Save',
        }),
      )
    await save()
    expect(await toast(`Saved "${title}" to your prompts`)).toBeInTheDocument()
    await save()
    expect(await toast(`"${title}" is already in your prompts`)).toBeInTheDocument()
    await userEvent.click(within(library).getByRole('tab', { name: 'My Prompts' }))
    await waitFor(() =>
      expect(within(library).getAllByRole('article', { name: title })).toHaveLength(1),
    )
  })

  test('a card says when its prompt is in the quick menu', async () => {
    await signedIn('quick-badge@example.com')
    const library = await openLibrary()
    const [card] = await within(library).findAllByRole('article')
    const title = card!.getAttribute('aria-label')!
    expect(within(card!).queryByText('In Quick Menu')).not.toBeInTheDocument()
    await userEvent.click(within(card!).getByRole('button', { name: 'Add to Quick Menu' }))
    expect(await toast(`Added "${title}" to quick menu`)).toBeInTheDocument()
    const added = within(library).getByRole('article', { name: title })
    expect(await within(added).findByText('In Quick Menu')).toBeInTheDocument()
    // The button stays, and says so when pressed again.
    await userEvent.click(within(added).getByRole('button', { name: 'Add to Quick Menu' }))
    expect(await toast('Prompt is already in your quick menu')).toBeInTheDocument()
    // Reopened, the library knows it from the start.
    await userEvent.keyboard('{Escape}')
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Prompt Library' })).not.toBeInTheDocument(),
    )
    const reopened = await openLibrary()
    const again = await within(reopened).findByRole('article', { name: title })
    expect(await within(again).findByText('In Quick Menu')).toBeInTheDocument()
  })

  test('Edit Prompt changes type and visibility; an active prompt made User is no longer active', async () => {
    await signedIn('kind-editor@example.com')
    const library = await openLibrary()
    await userEvent.click(within(library).getByRole('button', { name: 'Create' }))
    const create = await screen.findByRole('dialog', { name: 'Create New Prompt' })
    await userEvent.type(within(create).getByLabelText('Title'), 'Pirate')
    await userEvent.type(within(create).getByLabelText('Content'), 'Talk like a pirate')
    await userEvent.click(within(create).getByText('System Prompt'))
    await userEvent.click(within(create).getByRole('button', { name: 'Create Prompt' }))
    await toast('Prompt created successfully')
    await userEvent.click(within(library).getByRole('tab', { name: 'My Prompts' }))
    const card = await within(library).findByRole('article', { name: 'Pirate' })
    expect(within(card).queryByText('Public')).not.toBeInTheDocument()
    await userEvent.click(within(card).getByRole('button', { name: 'Activate' }))
    expect(await screen.findByTestId('active-prompt-badge')).toHaveTextContent('Active: Pirate')

    const active = await within(library).findByRole('article', { name: 'Pirate' })
    await userEvent.click(within(active).getByRole('button', { name: 'Edit' }))
    const edit = await screen.findByRole('dialog', { name: 'Edit Prompt' })
    expect(within(edit).getByRole('radio', { name: 'System Prompt' })).toBeChecked()
    expect(within(edit).getByRole('checkbox', { name: 'Make Public' })).not.toBeChecked()
    await userEvent.click(within(edit).getByText('User Prompt'))
    await userEvent.click(within(edit).getByText('Make Public'))
    // A changed type alone is a change: Escape asks first.
    await userEvent.keyboard('{Escape}')
    expect(within(edit).getByRole('alert')).toHaveTextContent('Discard changes?')
    await userEvent.click(within(edit).getByRole('button', { name: 'Keep editing' }))
    await userEvent.click(within(edit).getByRole('button', { name: 'Save Changes' }))
    expect(await toast('Prompt updated successfully')).toBeInTheDocument()

    const edited = await within(library).findByRole('article', { name: 'Pirate' })
    await waitFor(() => expect(within(edited).getByText('Public')).toBeInTheDocument())
    expect(within(edited).getByText('User')).toBeInTheDocument()
    expect(within(edited).getByRole('button', { name: 'Run' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByTestId('active-prompt-badge')).not.toBeInTheDocument())
  })

  test('search keeps what contains the text, ordered as the app’s search ranks it', async () => {
    const tokens = await mockPlatform().signUp('ranker@example.com', 'Ranker')
    const userId = JSON.parse(atob(tokens.access_token.split('.')[1]!)).sub as string
    const mine = (title: string, content: string, createdAt: string) =>
      restInsert(tokens, 'prompts', {
        user_id: userId,
        title,
        content,
        type: 'user',
        is_public: '0',
        created_at: createdAt,
        updated_at: createdAt,
      })
    await mine('Summary writer', 'Write a summary of the summary.', '2026-05-01T10:00:00.000Z')
    await mine('Weekly notes', 'Mention the summary once.', '2026-05-02T10:00:00.000Z')
    await mine(
      'Summaryless notes',
      'Summarising is not the word typed.',
      '2026-05-03T10:00:00.000Z',
    )
    localStorage.setItem('auth_tokens', JSON.stringify(tokens))
    renderApp({ href: `${APP_ORIGIN}/` })
    await screen.findByText(/Welcome,/)
    const library = await openLibrary()
    await userEvent.click(within(library).getByRole('tab', { name: 'My Prompts' }))
    const titles = () =>
      within(library)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label'))
    await waitFor(() =>
      expect(titles()).toEqual(['Summaryless notes', 'Weekly notes', 'Summary writer']),
    )
    await userEvent.type(within(library).getByPlaceholderText('Search prompts...'), 'summary')
    // The text is in all three (the brief's filter); the database ranks the two that say it
    // as a word, the best first, and the third keeps its place after them.
    await waitFor(() =>
      expect(titles()).toEqual(['Summary writer', 'Weekly notes', 'Summaryless notes']),
    )
  })
})
