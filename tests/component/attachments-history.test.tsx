import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { encodeApiKey } from '../../src/domain/api-key-encoding'
import { createPlatformClient } from '../../src/platform/index'
import type { TokenSet } from '../../src/platform/types'
import { restInsert, restRows, storeSession } from '../support/chat-session'
import { installMockPlatform } from '../support/mock-platform'
import { renderApp } from '../support/render-app'
import { TEST_ORIGIN, TEST_PROJECT_ID } from '../support/test-platform'
import { png, toBase64 } from '../support/tiny-images'
import { useProviderFakes } from '../unit/providers/fakes-under-msw'

// Images on messages (docs/product/attachments.md#in-the-history and #images): the whole app
// against the mock platform. jsdom decodes no image: `createImageBitmap` stands in for the
// browser's (a small image is stored as it is, never drawn). `URL.createObjectURL` keeps the
// blob each address stands for, so a test can tell which bytes an img shows.

const mockPlatform = installMockPlatform()
const providerFakes = useProviderFakes()

const SHOT = png(4, 2) as Uint8Array<ArrayBuffer>

/** The object URLs made, with the blob each stands for. */
let shown: Map<string, Blob>
beforeEach(() => {
  shown = new Map()
  vi.stubGlobal('createImageBitmap', async () => ({ width: 4, height: 2, close() {} }))
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:${TEST_ORIGIN}/${crypto.randomUUID()}`
    shown.set(url, blob as Blob)
    return url
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void shown.delete(url))
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** The bytes behind an img the page shows. */
const bytesOf = async (img: HTMLElement) => {
  const blob = shown.get(img.getAttribute('src') ?? '')
  return blob ? new Uint8Array(await blob.arrayBuffer()) : null
}

let users = 0
async function signedIn() {
  const tokens = await mockPlatform().signUp(`pictures${++users}@example.com`, 'Pic')
  storeSession(tokens)
  const userId = JSON.parse(atob(tokens.access_token.split('.')[1]!)).sub as string
  await restInsert(tokens, 'user_api_keys', {
    id: `key_${userId}_anthropic`,
    user_id: userId,
    provider: 'anthropic',
    api_key_encrypted: encodeApiKey('sk-ant-test-images'),
  })
  return { tokens, userId }
}

/** The SDK as the user: a private upload of theirs, as the composer makes it. */
async function uploadPrivately(tokens: TokenSet, key: string, bytes: Uint8Array) {
  const kept = new Map<string, string>()
  const sdk = createPlatformClient({
    projectId: TEST_PROJECT_ID,
    authUrl: TEST_ORIGIN,
    coreUrl: TEST_ORIGIN,
    storage: {
      getItem: (k) => kept.get(k) ?? null,
      setItem: (k, v) => void kept.set(k, v),
      removeItem: (k) => void kept.delete(k),
    },
  })
  sdk.auth.setTokens(tokens)
  return (await sdk.storage.upload(bytes, key, { private: true })).path
}

async function composer() {
  const input = await screen.findByRole('textbox', { name: 'Message' })
  await waitFor(() => expect(input).toHaveAttribute('placeholder', 'Message Claude Haiku 4.5...'))
  await screen.findByRole('button', { name: 'Attach files' })
  return input
}

describe('images on messages', () => {
  test('a stored image shows as a thumbnail of its bytes and opens large in a dialog', async () => {
    const { tokens, userId } = await signedIn()
    const hex = '0123456789abcdef0123456789abcdef'
    const path = await uploadPrivately(tokens, `${userId}/attachments/${hex}`, SHOT)
    await restInsert(tokens, 'conversations', { id: 'conv_beach', user_id: userId, title: 'Beach' })
    await restInsert(tokens, 'chat_messages', {
      id: 'msg_beach',
      user_id: userId,
      conversation_id: 'conv_beach',
      role: 'user',
      content: 'What colour is the sea?',
      model_id: 'claude-haiku-4-5',
    })
    await restInsert(tokens, 'chat_attachments', {
      id: `att_${hex}`,
      message_id: 'msg_beach',
      position: 0,
      kind: 'image',
      name: 'beach.png',
      media_type: 'image/png',
      size: SHOT.byteLength,
      width: 4,
      height: 2,
      path,
    })
    const user = userEvent.setup()
    renderApp()

    const question = await screen.findByRole('article', { name: 'You message' })
    expect(question).toHaveTextContent('What colour is the sea?')
    const thumbnail = await within(question).findByRole('button', { name: 'Open beach.png' })
    const img = await within(thumbnail).findByRole('img', { name: 'beach.png' })
    expect(img.getAttribute('src')).toMatch(/^blob:/)
    // Read from private storage with the user's token: the very bytes uploaded.
    expect(await bytesOf(img)).toEqual(SHOT)

    await user.click(thumbnail)
    const dialog = await screen.findByRole('dialog', { name: 'beach.png' })
    expect(dialog).toHaveAccessibleDescription('image/png, 4×2')
    expect(within(dialog).getByRole('img', { name: 'beach.png' })).toHaveAttribute(
      'src',
      img.getAttribute('src'),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  test('a pasted screenshot is sent to the model as an image, and shows under the message', async () => {
    const { tokens, userId } = await signedIn()
    const user = userEvent.setup()
    renderApp()
    const input = await composer()
    await user.type(input, 'What is this?')
    const shot = new File([SHOT], 'screenshot.png', { type: 'image/png' })
    await user.paste({ files: [shot], items: [], types: ['Files'], getData: () => '' } as never)
    const chips = await screen.findByRole('list', { name: 'Files to send' })
    expect(await within(chips).findByText('image/png, 4×2')).toBeInTheDocument()
    // Pasting a file types nothing.
    expect(input).toHaveValue('What is this?')
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    const reply = await screen.findByRole('article', { name: 'Claude Haiku 4.5 message' })
    expect(
      await within(reply).findByText(/Attachments received: image\/png, 4×2/),
    ).toBeInTheDocument()
    // Anthropic's blocks: the image first, then the text.
    expect(providerFakes().requests[0]?.body).toMatchObject({
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'image',
              source: { type: 'base64', media_type: 'image/png', data: toBase64(SHOT) },
            },
            { type: 'text', text: 'What is this?' },
          ],
        },
      ],
    })
    expect(screen.queryByRole('list', { name: 'Files to send' })).not.toBeInTheDocument()
    const question = screen.getByRole('article', { name: 'You message' })
    const thumbnail = await within(question).findByRole('button', { name: 'Open screenshot.png' })
    expect(await bytesOf(await within(thumbnail).findByRole('img'))).toEqual(SHOT)
    const [row] = await restRows<{ path: string; width: number; height: number }>(
      tokens,
      'chat_attachments',
    )
    expect(row).toMatchObject({ width: 4, height: 2 })
    expect(row?.path).toMatch(new RegExp(`^${userId}/attachments/[0-9a-f]{32}\\.png$`))
  })

  test('a model that cannot read images refuses the message before anything is sent', async () => {
    const { tokens } = await signedIn()
    const store = mockPlatform().store
    const blind = (reads: boolean) =>
      store.asOwner((tx) =>
        tx.query('update ai_models set reads_images = $1 where id = $2', [
          reads,
          'claude-haiku-4-5',
        ]),
      )
    await blind(false)
    try {
      const user = userEvent.setup()
      renderApp()
      const input = await composer()
      await user.type(input, 'Describe it')
      const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!
      await user.upload(picker, new File([SHOT], 'shot.png', { type: 'image/png' }))
      const chips = await screen.findByRole('list', { name: 'Files to send' })
      expect(await within(chips).findByText('image/png, 4×2')).toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Send message' }))
      expect(
        await screen.findByText(
          'The chosen model cannot read images. Remove the images, or choose a model that can.',
        ),
      ).toBeInTheDocument()
      expect(input).toHaveValue('Describe it')
      expect(within(chips).getByText('shot.png')).toBeInTheDocument()
      expect(providerFakes().requests).toHaveLength(0)
      expect(await restRows(tokens, 'chat_messages')).toHaveLength(0)
    } finally {
      await blind(true)
    }
  })
})
