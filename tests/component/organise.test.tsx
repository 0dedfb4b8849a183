import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { Conversation } from '../../src/domain/conversation'
import type { ConversationFolder } from '../../src/domain/conversation-folder'
import { restInsert, restRows, storeSession } from '../support/chat-session'
import { installMockPlatform } from '../support/mock-platform'
import { mswServer } from '../support/msw-server'
import { renderApp } from '../support/render-app'
import { TEST_ORIGIN, TEST_PROJECT_ID } from '../support/test-platform'

// Pins and folders (docs/product/conversations.md#pins-and-folders), in the sidebar, over the
// MSW-hosted mock platform: what the user sees, and the rows stored.

const mockPlatform = installMockPlatform()
afterEach(() => vi.restoreAllMocks())
const REST = `${TEST_ORIGIN}/api/db/${TEST_PROJECT_ID}/rest/v1`

let users = 0
let ids = 0
/** A signed-up user whose session the app restores, with conversations (newest first) and folders. */
async function signedIn(titles: string[], folders: Array<{ name: string; holds?: string[] }> = []) {
  const tokens = await mockPlatform().signUp(`organise${++users}@example.com`, 'Org')
  const userId = JSON.parse(atob(tokens.access_token.split('.')[1]!)).sub as string
  const now = Date.now()
  const folderOf = new Map<string, string>()
  for (const folder of folders) {
    const id = `folder_${++ids}`
    await restInsert(tokens, 'conversation_folders', { id, user_id: userId, name: folder.name })
    for (const title of folder.holds ?? []) folderOf.set(title, id)
  }
  for (const [i, title] of titles.entries()) {
    const at = new Date(now - (i + 1) * 3_600_000).toISOString()
    await restInsert(tokens, 'conversations', {
      id: `conv_${++ids}`,
      user_id: userId,
      title,
      folder_id: folderOf.get(title) ?? null,
      created_at: at,
      updated_at: at,
    })
  }
  storeSession(tokens)
  renderApp()
  return { tokens, userId }
}

const sidebar = () => screen.getByRole('complementary', { name: 'Conversation sidebar' })
/** The titles a list of the sidebar shows, in order. */
const titlesIn = (name: string) =>
  within(within(sidebar()).getByRole('list', { name }))
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('[title]')?.getAttribute('title'))
    .filter(Boolean)
/** Waits for the sidebar in its parts: the organiser's code is in once New folder shows. */
async function organised() {
  const side = await screen.findByRole('complementary', { name: 'Conversation sidebar' })
  return within(side).findByRole('button', { name: 'New folder' }, { timeout: 5000 })
}
/** A row's More dialog, which is named after the conversation. */
async function more(title: string) {
  await userEvent.click(within(sidebar()).getByRole('button', { name: `More for ${title}` }))
  return screen.findByRole('dialog', { name: title })
}
/** One of the More dialog's buttons. */
async function choose(title: string, item: string) {
  await userEvent.click(within(await more(title)).getByRole('button', { name: item }))
}
const stored = async (tokens: Parameters<typeof restRows>[0]) =>
  Object.fromEntries(
    (await restRows<Conversation>(tokens, 'conversations')).map((c) => [
      c.title,
      { pinned: c.pinned, folderId: c.folderId },
    ]),
  )

describe('pins', () => {
  test('a pinned conversation goes to Pinned and is stored so; Unpin puts it back', async () => {
    const { tokens } = await signedIn(['Newest', 'Trip', 'Oldest'])
    await organised()
    await choose('Trip', 'Pin to top')
    await waitFor(() => expect(titlesIn('Pinned')).toEqual(['Trip']))
    expect(titlesIn('Your conversations')).toEqual(['Newest', 'Oldest'])
    expect((await stored(tokens)).Trip).toEqual({ pinned: true, folderId: null })

    await choose('Trip', 'Unpin')
    await waitFor(() =>
      expect(within(sidebar()).queryByRole('list', { name: 'Pinned' })).toBeNull(),
    )
    expect(titlesIn('Your conversations')).toEqual(['Newest', 'Trip', 'Oldest'])
    expect((await stored(tokens)).Trip).toEqual({ pinned: false, folderId: null })
  })

  test("a pin that fails says 'Failed to pin conversation' and pins nothing", async () => {
    await signedIn(['Trip'])
    await organised()
    mswServer.use(http.patch(`${REST}/conversations`, () => HttpResponse.json({}, { status: 500 })))
    await choose('Trip', 'Pin to top')
    expect(await screen.findByText('Failed to pin conversation')).toBeInTheDocument()
    expect(within(sidebar()).queryByRole('list', { name: 'Pinned' })).toBeNull()
  })
})

describe('folders', () => {
  test('New folder names a folder; an empty or taken name says why and creates nothing', async () => {
    const { tokens } = await signedIn(['Trip'], [{ name: 'Work' }])
    await userEvent.click(await organised())
    const field = within(sidebar()).getByRole('textbox', { name: 'New folder name' })
    await userEvent.type(field, '{Enter}')
    expect(within(sidebar()).getByRole('alert')).toHaveTextContent('Folder name cannot be empty')
    await userEvent.type(field, 'WORK{Enter}')
    expect(within(sidebar()).getByRole('alert')).toHaveTextContent(
      'You already have a folder with this name',
    )
    await userEvent.clear(field)
    await userEvent.type(field, '  Ideas {Enter}')
    await waitFor(() =>
      expect(
        within(within(sidebar()).getByRole('list', { name: 'Folders' }))
          .getAllByRole('button', { expanded: true })
          .map((b) => b.textContent),
      ).toEqual(['Ideas0 conversations', 'Work0 conversations']),
    )
    const names = (await restRows<ConversationFolder>(tokens, 'conversation_folders')).map(
      (f) => f.name,
    )
    expect(names.sort()).toEqual(['Ideas', 'Work'])
  })

  test('Move puts a conversation in a folder, stored so; the folder opens and closes', async () => {
    const { tokens } = await signedIn(['Trip', 'Other'], [{ name: 'Work' }])
    await organised()
    const dialog = await more('Trip')
    expect(within(dialog).getByRole('button', { name: /No folder/ })).toHaveAttribute(
      'aria-current',
      'true',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Work' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(titlesIn('Work')).toEqual(['Trip']))
    expect(titlesIn('Your conversations')).toEqual(['Other'])
    const folder = (await restRows<ConversationFolder>(tokens, 'conversation_folders'))[0]
    expect((await stored(tokens)).Trip).toEqual({ pinned: false, folderId: folder?.id })

    const toggle = within(sidebar()).getByRole('button', { name: /^Work/ })
    await userEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(within(sidebar()).queryByRole('list', { name: 'Work' })).toBeNull()
  })

  test('New folder… in a conversation’s More dialog makes the folder and moves it there in one step', async () => {
    const { tokens } = await signedIn(['Trip', 'Other'])
    await organised()
    const dialog = await more('Trip')
    expect(within(dialog).getByText('You have no folders yet.')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'New folder…' }))
    const field = within(dialog).getByRole('textbox', { name: 'New folder name' })
    expect(field).toHaveFocus()
    await userEvent.type(field, '{Enter}')
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Folder name cannot be empty')
    await userEvent.type(field, '  Travel {Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(titlesIn('Travel')).toEqual(['Trip']))
    expect(titlesIn('Your conversations')).toEqual(['Other'])
    const [travel] = await restRows<ConversationFolder>(tokens, 'conversation_folders')
    expect(travel?.name).toBe('Travel')
    expect((await stored(tokens)).Trip).toEqual({ pinned: false, folderId: travel?.id })
  })

  test('deleting a folder keeps its conversations: out of any folder, or in the one chosen', async () => {
    const { tokens } = await signedIn(
      ['One', 'Two'],
      [
        { name: 'Work', holds: ['One'] },
        { name: 'Home', holds: ['Two'] },
      ],
    )
    await organised()
    await waitFor(() => expect(titlesIn('Work')).toEqual(['One']))

    await userEvent.click(within(sidebar()).getByRole('button', { name: 'Delete folder Work' }))
    let dialog = await screen.findByRole('dialog', { name: 'Delete folder?' })
    expect(dialog).toHaveTextContent('“Work” will be deleted. Its conversations are kept.')
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Home' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete folder' }))
    await waitFor(() => expect(titlesIn('Home')).toEqual(['One', 'Two']))
    expect(within(sidebar()).queryByRole('list', { name: 'Work' })).toBeNull()

    await userEvent.click(within(sidebar()).getByRole('button', { name: 'Delete folder Home' }))
    dialog = await screen.findByRole('dialog', { name: 'Delete folder?' })
    expect(within(dialog).getByRole('radio', { name: 'No folder' })).toBeChecked()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete folder' }))
    await waitFor(() => expect(titlesIn('Your conversations')).toEqual(['One', 'Two']))
    expect(await restRows(tokens, 'conversation_folders')).toEqual([])
    expect(await stored(tokens)).toEqual({
      One: { pinned: false, folderId: null },
      Two: { pinned: false, folderId: null },
    })
  })

  test('a folder is renamed in place; Escape leaves it as it was', async () => {
    const { tokens } = await signedIn(['Trip'], [{ name: 'Work', holds: ['Trip'] }])
    await organised()
    await userEvent.click(
      await within(sidebar()).findByRole('button', { name: 'Rename folder Work' }),
    )
    const field = within(sidebar()).getByRole('textbox', { name: 'Folder name' })
    await userEvent.type(field, 'Drafts{Escape}')
    expect(within(sidebar()).getByRole('list', { name: 'Work' })).toBeInTheDocument()
    await userEvent.click(within(sidebar()).getByRole('button', { name: 'Rename folder Work' }))
    const renamed = within(sidebar()).getByRole('textbox', { name: 'Folder name' })
    expect(renamed).toHaveValue('Work')
    await userEvent.clear(renamed)
    await userEvent.type(renamed, 'Jobs{Enter}')
    await waitFor(() => expect(titlesIn('Jobs')).toEqual(['Trip']))
    const [folder] = await restRows<ConversationFolder>(tokens, 'conversation_folders')
    expect(folder?.name).toBe('Jobs')
  })

  test("a folder that cannot be deleted says 'Failed to delete folder' and keeps its conversations", async () => {
    await signedIn(['Trip'], [{ name: 'Work', holds: ['Trip'] }])
    await organised()
    mswServer.use(
      http.post(`${TEST_ORIGIN}/api/db/${TEST_PROJECT_ID}/sql`, () =>
        HttpResponse.json({}, { status: 500 }),
      ),
    )
    await userEvent.click(
      await within(sidebar()).findByRole('button', { name: 'Delete folder Work' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Delete folder?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete folder' }))
    expect(await screen.findByText('Failed to delete folder')).toBeInTheDocument()
    expect(titlesIn('Work')).toEqual(['Trip'])
  })
})

describe('export', () => {
  test('Export as Markdown writes the whole current path, in order, past what is on screen', async () => {
    let saved: Blob | undefined
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved = blob
        return 'blob:conversation'
      }),
      revokeObjectURL: vi.fn(),
    })
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download)
    })
    const { tokens, userId } = await signedIn(['Long talk'])
    const [conversation] = await restRows<Conversation>(tokens, 'conversations')
    const start = Date.parse('2026-05-01T10:00:00.000Z')
    await restInsert(
      tokens,
      'chat_messages',
      Array.from({ length: 250 }, (_, i) => ({
        id: `${conversation?.id}_${i + 1}`,
        user_id: userId,
        conversation_id: conversation?.id,
        model_id: 'gpt-5',
        role: i % 2 === 0 ? 'user' : 'assistant',
        content: `note ${i + 1}`,
        created_at: new Date(start + i * 1000).toISOString(),
      })),
    )
    await organised()
    await choose('Long talk', 'Export as Markdown')
    await waitFor(() => expect(clicked).toEqual(['Long talk.md']))
    const text = await saved!.text()
    const notes = [...text.matchAll(/^note (\d+)$/gm)].map((m) => Number(m[1]))
    expect(notes).toEqual(Array.from({ length: 250 }, (_, i) => i + 1))
    expect(text.startsWith('# Long talk\n')).toBe(true)
  })

  test("an export that fails says 'Failed to export conversation'", async () => {
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    await signedIn(['Trip'])
    await organised()
    mswServer.use(
      http.post(`${TEST_ORIGIN}/api/db/${TEST_PROJECT_ID}/sql`, () =>
        HttpResponse.json({}, { status: 500 }),
      ),
    )
    await choose('Trip', 'Export as JSON')
    expect(await screen.findByText('Failed to export conversation')).toBeInTheDocument()
    expect(clicked).not.toHaveBeenCalled()
  })
})

describe('back up and restore', () => {
  /** Downloads a backup from the open app; returns the file's text. */
  async function downloadBackup() {
    let saved: Blob | undefined
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved = blob
        return 'blob:backup'
      }),
      revokeObjectURL: vi.fn(),
    })
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download)
    })
    await organised()
    await userEvent.click(within(sidebar()).getByRole('button', { name: 'Back up and restore' }))
    const dialog = await screen.findByRole('dialog', { name: 'Back up and restore' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download backup' }))
    expect(await screen.findByText('Backed up 2 conversations')).toBeInTheDocument()
    expect(clicked).toEqual([
      expect.stringMatching(/^prompt-chat-conversations-\d{4}-\d\d-\d\d\.json$/),
    ])
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    return saved!.text()
  }

  async function restore(text: string) {
    await userEvent.click(within(sidebar()).getByRole('button', { name: 'Back up and restore' }))
    const dialog = await screen.findByRole('dialog', { name: 'Back up and restore' })
    await userEvent.upload(
      within(dialog).getByLabelText('Backup file'),
      new File([text], 'backup.json', { type: 'application/json' }),
    )
    return dialog
  }

  test('a backup downloaded by one account restores in another, folders and all; twice adds nothing', async () => {
    const { tokens, userId } = await signedIn(['Trip', 'Plan'], [{ name: 'Work', holds: ['Trip'] }])
    const [trip] = (await restRows<Conversation>(tokens, 'conversations')).filter(
      (c) => c.title === 'Trip',
    )
    await restInsert(tokens, 'chat_messages', [
      {
        id: 'q1',
        user_id: userId,
        conversation_id: trip?.id,
        model_id: 'gpt-5',
        role: 'user',
        content: 'Where to?',
      },
    ])
    const text = await downloadBackup()
    cleanup()

    await signedIn([])
    await organised()
    const dialog = await restore(text)
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      /^backup\.json: 2 conversations and 1 message, backed up \d{4}-\d\d-\d\d\.$/,
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }))
    expect(await screen.findByText('Restored 2 conversations and 1 message')).toBeInTheDocument()
    await waitFor(() => expect(titlesIn('Work')).toEqual(['Trip']))
    expect(within(sidebar()).getByText('Plan')).toBeInTheDocument()

    const again = await restore(text)
    await userEvent.click(await within(again).findByRole('button', { name: 'Restore' }))
    expect(await screen.findByText('Everything in this backup is already here')).toBeInTheDocument()
  })

  test('a file that is not a backup is refused in the dialog, and nothing is restored', async () => {
    await signedIn(['Mine'])
    await organised()
    const dialog = await restore('{"format":"prompt-chat","prompts":[]}')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'backup.json: This is not a conversation backup from Prompt Chat.',
    )
    expect(within(dialog).queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument()
  })
})
