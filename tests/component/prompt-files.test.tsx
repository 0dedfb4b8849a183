import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { restInsert, restRows, storeSession } from '../support/chat-session'
import { installMockPlatform } from '../support/mock-platform'
import { mswServer } from '../support/msw-server'
import { renderApp } from '../support/render-app'
import { TEST_ORIGIN, TEST_PROJECT_ID } from '../support/test-platform'

const mockPlatform = installMockPlatform()
const BATCH_URL = `${TEST_ORIGIN}/api/db/${TEST_PROJECT_ID}/batch`

const fixture = (name: string) => readFileSync(resolve('tests/fixtures/prompt-files', name), 'utf8')
const fileOf = (name: string, text = fixture(name)) =>
  new File([text], name, { type: name.endsWith('.csv') ? 'text/csv' : 'application/json' })

let users = 0
async function signedIn() {
  const tokens = await mockPlatform().signUp(`files${++users}@example.com`, 'Filer')
  storeSession(tokens)
  renderApp()
  await screen.findByText(/Welcome,/)
  return tokens
}

async function openLibrary() {
  await userEvent.click(screen.getByRole('button', { name: 'Library' }))
  return screen.findByRole('dialog', { name: 'Prompt Library' })
}

/** Opens Import prompts from the library and chooses the file. */
async function chooseFile(library: HTMLElement, file: File) {
  await userEvent.click(within(library).getByRole('button', { name: 'Import' }))
  const dialog = await screen.findByRole('dialog', { name: 'Import prompts' })
  await userEvent.upload(within(dialog).getByLabelText('Prompt file'), file)
  return dialog
}

const titlesIn = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('span')?.textContent)

const toast = (text: string) => screen.findByText(text, {}, { timeout: 4000 })

afterEach(() => vi.restoreAllMocks())

describe('importing a prompt file', () => {
  test.each([
    ['prompt-chat.json', 'Prompt Chat', ['Release notes', 'Plain English']],
    ['prompts.csv', 'CSV', ['Haiku, please', 'Code reviewer', 'Translate']],
    ['open-webui.json', 'Open WebUI', ['Summarize', 'Email reply']],
    ['librechat.json', 'LibreChat', ['SQL explainer', 'Meeting notes']],
  ])('%s: a preview first, then all of it, private and inactive', async (name, label, titles) => {
    const tokens = await signedIn()
    const library = await openLibrary()
    const dialog = await chooseFile(library, fileOf(name))

    expect(
      await within(dialog).findByText(`${label} file ${name}: ${titles.length} new prompts.`, {
        exact: false,
      }),
    ).toBeInTheDocument()
    const toAdd = within(dialog).getByRole('list', { name: `To add (${titles.length})` })
    expect(titlesIn(toAdd)).toEqual(titles)
    // Nothing is written before the user confirms.
    expect(
      await restRows(tokens, 'prompts', 'select=id&user_id=not.is.null&is_public=eq.0'),
    ).toEqual([])

    await userEvent.click(
      within(dialog).getByRole('button', { name: `Import ${titles.length} prompts` }),
    )
    expect(await toast(`Imported ${titles.length} prompts`)).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Import prompts' })).not.toBeInTheDocument(),
    )
    // My Prompts shows them, in the file's order.
    expect(within(library).getByRole('tab', { name: 'My Prompts' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await waitFor(() =>
      expect(
        within(library)
          .getAllByRole('article')
          .map((card) => card.getAttribute('aria-label')),
      ).toEqual(titles),
    )
    for (const card of within(library).getAllByRole('article')) {
      expect(within(card).queryByText('Public')).not.toBeInTheDocument()
      expect(within(card).queryByText('Active')).not.toBeInTheDocument()
    }
    const stored = await restRows<{ isPublic: string; isActive: string }>(
      tokens,
      'prompts',
      'select=is_public,is_active&is_public=eq.0',
    )
    expect(stored.filter((row) => row.isActive === '0')).toHaveLength(titles.length)
  })

  test.each([
    ['prompt-chat-bad.json', 'Prompt 2 has a type other than user or system.'],
    ['prompts-bad.csv', 'CSV row 3 has a quote that is never closed.'],
    ['open-webui-bad.json', 'Prompt 2 has no content.'],
    ['librechat-bad.json', 'Prompt group 1 has no prompt text (productionPrompt.prompt).'],
  ])('a malformed %s says what is wrong and imports nothing', async (name, message) => {
    const tokens = await signedIn()
    const library = await openLibrary()
    const dialog = await chooseFile(library, fileOf(name))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`${name}: ${message}`)
    expect(within(dialog).queryByRole('button', { name: /^Import \d/ })).not.toBeInTheDocument()
    // Another file can be chosen at once.
    await userEvent.upload(within(dialog).getByLabelText('Prompt file'), fileOf('prompt-chat.json'))
    expect(await within(dialog).findByRole('button', { name: 'Import 2 prompts' })).toBeEnabled()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Import prompts' })).not.toBeInTheDocument(),
    )
    expect(await restRows(tokens, 'prompts', 'select=id&is_public=eq.0')).toEqual([])
  })

  test('a duplicate of one of mine is listed as skipped and not added again', async () => {
    const tokens = await signedIn()
    const userId = JSON.parse(atob(tokens.access_token.split('.')[1]!)).sub as string
    await restInsert(tokens, 'prompts', {
      user_id: userId,
      title: 'Summarize',
      content: 'Summarize the following text in three bullet points:\n\n{{CLIPBOARD}}',
      type: 'system',
    })
    const library = await openLibrary()
    const dialog = await chooseFile(library, fileOf('open-webui.json'))
    expect(
      await within(dialog).findByText(
        'Open WebUI file open-webui.json: 1 new prompt, 1 duplicate skipped.',
      ),
    ).toBeInTheDocument()
    expect(titlesIn(within(dialog).getByRole('list', { name: 'To add (1)' }))).toEqual([
      'Email reply',
    ])
    expect(titlesIn(within(dialog).getByRole('list', { name: 'Duplicates, skipped (1)' }))).toEqual(
      ['Summarize'],
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 1 prompt' }))
    expect(await toast('Imported 1 prompt')).toBeInTheDocument()
    const titles = (
      await restRows<{ title: string }>(tokens, 'prompts', `select=title&user_id=eq.${userId}`)
    )
      .map((row) => row.title)
      .sort()
    expect(titles).toEqual(['Email reply', 'Summarize'])
  })

  test('a file with nothing new cannot be imported', async () => {
    const tokens = await signedIn()
    const userId = JSON.parse(atob(tokens.access_token.split('.')[1]!)).sub as string
    await restInsert(tokens, 'prompts', {
      user_id: userId,
      title: 'Translate',
      content: 'Translate the text into French.',
      type: 'user',
    })
    const library = await openLibrary()
    const csv = 'title,content\nTranslate,Translate the text into French.\n'
    const dialog = await chooseFile(library, fileOf('again.csv', csv))
    expect(await within(dialog).findByText(/Nothing to import\./)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Import 0 prompts' })).toBeDisabled()
  })

  test('over 5 MB, or more than 5,000 prompts: refused with a clear message', async () => {
    await signedIn()
    const library = await openLibrary()
    const big = fileOf('big.json', '[]')
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 })
    const dialog = await chooseFile(library, big)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'big.json: This file is larger than 5 MB. Choose a smaller file.',
    )
    const rows = Array.from({ length: 5001 }, (_, i) => `Prompt ${i},Text ${i}`)
    await userEvent.upload(
      within(dialog).getByLabelText('Prompt file'),
      fileOf('many.csv', ['title,content', ...rows].join('\n')),
    )
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'many.csv: This file holds more than 5,000 prompts. Split it into smaller files.',
    )
  })

  test('a failed batch imports nothing and says so', async () => {
    const tokens = await signedIn()
    mswServer.use(
      http.post(BATCH_URL, () =>
        HttpResponse.json({ code: '23514', message: 'statement 0: boom' }, { status: 400 }),
      ),
    )
    const library = await openLibrary()
    const dialog = await chooseFile(library, fileOf('librechat.json'))
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Import 2 prompts' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to import the prompts. Nothing was imported.',
    )
    expect(await restRows(tokens, 'prompts', 'select=id&is_public=eq.0')).toEqual([])
  })
})

describe('exporting my prompts', () => {
  test('writes ours, versioned, with type and visibility; nothing to export says so', async () => {
    let saved: Blob | undefined
    const createObjectURL = vi.fn((blob: Blob) => {
      saved = blob
      return 'blob:prompt-file'
    })
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})

    const tokens = await signedIn()
    const library = await openLibrary()
    await userEvent.click(within(library).getByRole('button', { name: 'Export' }))
    expect(await toast('You have no prompts to export yet')).toBeInTheDocument()
    expect(click).not.toHaveBeenCalled()

    const userId = JSON.parse(atob(tokens.access_token.split('.')[1]!)).sub as string
    await restInsert(tokens, 'prompts', {
      user_id: userId,
      title: 'Shared one',
      content: 'Public text',
      type: 'user',
      is_public: '1',
      created_at: '2026-01-01T00:00:00Z',
    })
    await restInsert(tokens, 'prompts', {
      user_id: userId,
      title: 'Voice',
      content: 'Speak softly.',
      type: 'system',
      created_at: '2026-01-02T00:00:00Z',
    })
    await userEvent.click(within(library).getByRole('button', { name: 'Export' }))
    expect(await toast('Exported 2 prompts')).toBeInTheDocument()
    expect(click).toHaveBeenCalledTimes(1)
    const link = click.mock.contexts[0] as HTMLAnchorElement
    expect(link.download).toMatch(/^prompt-chat-prompts-\d{4}-\d{2}-\d{2}\.json$/)
    expect(saved?.type).toBe('application/json')
    const file = JSON.parse(await saved!.text())
    expect(file).toEqual({
      format: 'prompt-chat',
      version: 1,
      exportedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      prompts: [
        { title: 'Voice', content: 'Speak softly.', type: 'system', isPublic: false },
        { title: 'Shared one', content: 'Public text', type: 'user', isPublic: true },
      ],
    })
  })
})
