import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { describe, expect, test } from 'vitest'
import { encodeApiKey } from '../../src/domain/api-key-encoding'
import { restInsert, restRows, storeSession } from '../support/chat-session'
import { installMockPlatform } from '../support/mock-platform'
import { mswServer } from '../support/msw-server'
import { renderApp } from '../support/render-app'
import { TEST_ORIGIN, TEST_PROJECT_ID } from '../support/test-platform'
import { useProviderFakes } from '../unit/providers/fakes-under-msw'

// Files on a message (docs/product/attachments.md), from the composer: the whole app against
// the mock platform, the provider fakes answering at the real providers' addresses.

const mockPlatform = installMockPlatform()
const providerFakes = useProviderFakes()

const UPLOAD_URL = `${TEST_ORIGIN}/api/storage/${TEST_PROJECT_ID}/upload`

let users = 0
/** A signed-in user with an Anthropic key, the app rendered and its composer ready. */
async function composing() {
  const tokens = await mockPlatform().signUp(`attach${++users}@example.com`, 'Filer')
  storeSession(tokens)
  const userId = JSON.parse(atob(tokens.access_token.split('.')[1]!)).sub as string
  await restInsert(tokens, 'user_api_keys', {
    id: `key_${userId}_anthropic`,
    user_id: userId,
    provider: 'anthropic',
    api_key_encrypted: encodeApiKey('sk-ant-test-files'),
  })
  // `accept` only steers the chooser (which offers every file too); user-event would also
  // drop a .txt, as it does not match `text/*` against a file's type.
  const user = userEvent.setup({ applyAccept: false })
  renderApp()
  const input = await screen.findByRole('textbox', { name: 'Message' })
  await waitFor(() => expect(input).toHaveAttribute('placeholder', 'Message Claude Haiku 4.5...'))
  const paperclip = await screen.findByRole('button', { name: 'Attach files' })
  const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!
  /** Chooses files with the paperclip, as the file chooser would hand them over. */
  const attach = async (...files: File[]) => {
    expect(paperclip).toBeEnabled()
    await user.upload(picker, files)
  }
  return { tokens, userId, user, input, attach }
}

/** The user's stored files: their paths, whether only they can read them, and their size. */
async function storedFiles(userId: string) {
  const { rows } = await mockPlatform().store.asOwner((tx) =>
    tx.query<{ path: string; is_private: boolean; size: number }>(
      'select path, is_private, size from storage_objects where owner_id = $1',
      [userId],
    ),
  )
  return rows.map((row) => ({ path: row.path, private: row.is_private, size: Number(row.size) }))
}

const textFile = (name: string, text: string) => new File([text], name, { type: 'text/plain' })
const chips = () => screen.getByRole('list', { name: 'Files to send' })

describe('files on the message being written', () => {
  test('a chosen text file shows as a chip, uploading then ready; Remove takes it away', async () => {
    const { userId, user, input, attach } = await composing()
    // The upload waits until released, so `Uploading…` is seen, not raced.
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    mswServer.use(
      http.post(UPLOAD_URL, async () => {
        await released
      }),
    )
    await user.type(input, 'Have a look')
    await attach(textFile('notes.md', '# Notes\nline one\n'))

    const chip = within(await screen.findByRole('list', { name: 'Files to send' })).getByRole(
      'listitem',
    )
    expect(chip).toHaveTextContent('notes.md')
    expect(within(chip).getByText('Uploading…')).toBeInTheDocument()
    release()
    expect(await within(chip).findByText('Text file')).toBeInTheDocument()
    expect(within(chip).queryByText('Uploading…')).not.toBeInTheDocument()
    const [stored] = await storedFiles(userId)
    expect(stored).toEqual({
      path: expect.stringMatching(new RegExp(`^${userId}/attachments/[0-9a-f]{32}\\.`)),
      private: true,
      // The file's 17 bytes, as chosen (tests/setup/component.ts keeps jsdom's Blob readable).
      size: 17,
    })

    await user.click(within(chip).getByRole('button', { name: 'Remove notes.md' }))
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Files to send' })).not.toBeInTheDocument(),
    )
    expect(input).toHaveValue('Have a look')
    // Already stored, the file is deleted with its chip.
    await waitFor(async () => expect(await storedFiles(userId)).toEqual([]))
  })

  test('sent with text, the provider reads the file as a named fenced block; the message shows its name', async () => {
    const { tokens, userId, user, input, attach } = await composing()
    await user.type(input, 'Summarise this')
    await attach(textFile('notes.md', 'line one\nline two'))
    expect(await within(chips()).findByText('Text file')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    const reply = await screen.findByRole('article', { name: 'Claude Haiku 4.5 message' })
    expect(
      await within(reply).findByText(/Attachments received: notes\.md \(text, 17 characters\)/),
    ).toBeInTheDocument()
    const [request] = providerFakes().requests
    expect(request?.body).toMatchObject({
      messages: [
        { role: 'user', content: 'Summarise this\n\nnotes.md\n```\nline one\nline two\n```' },
      ],
    })
    expect(screen.queryByRole('list', { name: 'Files to send' })).not.toBeInTheDocument()
    await waitFor(() => expect(input).toHaveValue(''))
    const question = screen.getByRole('article', { name: 'You message' })
    expect(question).toHaveTextContent('Summarise this')
    const files = within(question).getByRole('list', { name: 'Attachments' })
    expect(files).toHaveTextContent('notes.md')
    // Stored: one row naming the message, and its file.
    const [message] = await restRows<{ id: string }>(tokens, 'chat_messages', 'role=eq.user')
    const rows = await restRows(tokens, 'chat_attachments')
    expect(rows).toEqual([
      expect.objectContaining({ messageId: message?.id, name: 'notes.md', kind: 'text', size: 17 }),
    ])
    expect(await storedFiles(userId)).toEqual([{ path: rows[0]?.path, private: true, size: 17 }])
  })

  test('a program named .png and an empty file are refused with their toasts; the text stays', async () => {
    const { user, input, attach } = await composing()
    await user.type(input, 'Keep me')
    const program = new File([Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0])], 'photo.png', {
      type: 'image/png',
    })
    await attach(program)
    expect(
      await screen.findByText(
        '“photo.png” can’t be attached. Attach PNG, JPEG, WebP or GIF images, or text files.',
      ),
    ).toBeInTheDocument()
    await attach(textFile('empty.txt', ''))
    expect(await screen.findByText('“empty.txt” is empty.')).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Files to send' })).not.toBeInTheDocument(),
    )
    expect(input).toHaveValue('Keep me')
    expect(providerFakes().requests).toHaveLength(0)
  })
})
