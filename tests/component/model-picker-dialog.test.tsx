import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { encodeApiKey } from '../../src/domain/api-key-encoding'
import { restInsert, restRows, storeSession } from '../support/chat-session'
import { installMockPlatform } from '../support/mock-platform'
import { mswServer } from '../support/msw-server'
import { renderApp } from '../support/render-app'
import { TEST_ORIGIN } from '../support/test-platform'
import { useProviderFakes } from '../unit/providers/fakes-under-msw'

const mockPlatform = installMockPlatform()
const providerFakes = useProviderFakes()
const KEYS_URL = `${TEST_ORIGIN}/api/db/prompt-chat/rest/v1/user_api_keys`

let users = 0
async function signedIn() {
  const tokens = await mockPlatform().signUp(`picker${++users}@example.com`, 'Picker')
  storeSession(tokens)
  const userId = JSON.parse(atob(tokens.access_token.split('.')[1]!)).sub as string
  return { tokens, userId }
}

/** Opens the picker from the toolbar button naming the selected model (by default the first loaded). */
async function openPicker(selected = 'Claude Haiku 4.5') {
  await waitFor(() =>
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
      'placeholder',
      `Message ${selected}...`,
    ),
  )
  await userEvent.click(screen.getAllByRole('button', { name: selected })[0]!)
  return screen.findByRole('dialog', { name: 'Select AI Model' })
}

async function openKeys() {
  const picker = await openPicker()
  await userEvent.click(within(picker).getByRole('button', { name: 'Manage API Keys' }))
  return screen.findByRole('dialog', { name: 'Manage API Keys' })
}

describe("the 'Select AI Model' dialog", () => {
  test('groups models by provider with coloured badges; picking one closes it and selects it', async () => {
    await signedIn()
    renderApp()
    const picker = await openPicker()
    const groups = within(picker).getAllByRole('region')
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual([
      'openai',
      'anthropic',
      'google',
    ])
    const openai = within(groups[0]!)
    expect(openai.getByRole('button', { name: /GPT-5 mini/ })).toHaveTextContent(
      'A faster, cheaper GPT-5 for well-defined tasks',
    )
    const tones = (group: HTMLElement) =>
      [...group.querySelectorAll('[data-tone]')].map((b) => b.getAttribute('data-tone'))
    expect(new Set(tones(groups[0]!))).toEqual(new Set(['openai']))
    expect(new Set(tones(groups[1]!))).toEqual(new Set(['anthropic']))
    expect(new Set(tones(groups[2]!))).toEqual(new Set(['google']))

    await userEvent.click(openai.getByRole('button', { name: /GPT-5 mini/ }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
      'placeholder',
      'Message GPT-5 mini...',
    )
  })

  test('with an OpenAI key saved, a picked OpenAI model answers through OpenAI', async () => {
    const session = await signedIn()
    await restInsert(session.tokens, 'user_api_keys', {
      user_id: session.userId,
      provider: 'openai',
      api_key_encrypted: encodeApiKey('sk-test-picked'),
    })
    // With only an OpenAI key, the session starts on the first OpenAI model listed.
    const models = await restRows<{ name: string; provider: string }>(session.tokens, 'ai_models')
    const firstOpenAi = models.find((m) => m.provider === 'openai')!
    renderApp()
    const picker = await openPicker(firstOpenAi.name)
    await userEvent.click(within(picker).getByRole('button', { name: /GPT-4\.1/ }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'hi{Enter}')
    expect(await screen.findByText('OpenAI fake reply', { exact: false })).toBeInTheDocument()
    expect(providerFakes().requests[0]).toMatchObject({
      provider: 'openai',
      body: { model: 'gpt-4.1' },
    })
  })
})

describe('the Manage API Keys dialog', () => {
  test('one row per provider, masked with a show/hide toggle, and the security note', async () => {
    await signedIn()
    renderApp()
    const keys = await openKeys()
    for (const label of ['OpenAI', 'Anthropic', 'Google']) {
      const input = within(keys).getByLabelText(`${label} API Key`)
      expect(input).toHaveAttribute('type', 'password')
      expect(within(keys).getByRole('form', { name: `${label} API key` })).toHaveTextContent(
        'Save API Key',
      )
    }
    await userEvent.click(within(keys).getByRole('button', { name: 'Show OpenAI API key' }))
    expect(within(keys).getByLabelText('OpenAI API Key')).toHaveAttribute('type', 'text')
    await userEvent.click(within(keys).getByRole('button', { name: 'Hide OpenAI API key' }))
    expect(within(keys).getByLabelText('OpenAI API Key')).toHaveAttribute('type', 'password')
    expect(keys).toHaveTextContent(
      'Your API keys are encrypted and stored securely. They are only used to make requests to the AI providers on your behalf.',
    )
  })

  test('saves a key base64-encoded, marks it Saved, and updates the same row next time', async () => {
    const session = await signedIn()
    renderApp()
    const keys = await openKeys()
    const row = within(within(keys).getByRole('form', { name: 'Google API key' }))
    const save = row.getByRole('button', { name: 'Save API Key' })
    expect(save).toBeDisabled()
    await userEvent.type(row.getByLabelText('Google API Key'), '  AIza-test-first  ')
    await userEvent.click(save)
    expect(await screen.findByText('google API key saved successfully')).toBeInTheDocument()
    expect(row.getByText('Saved')).toBeInTheDocument()
    expect(row.getByRole('button', { name: 'Update API Key' })).toBeEnabled()
    const [stored] = await restRows<{ id: string; apiKeyEncrypted: string; provider: string }>(
      session.tokens,
      'user_api_keys',
    )
    expect(stored).toMatchObject({ provider: 'google', apiKeyEncrypted: btoa('AIza-test-first') })
    expect(stored?.id).toMatch(new RegExp(`^key_${session.userId}_google_\\d+$`))

    await userEvent.clear(row.getByLabelText('Google API Key'))
    await userEvent.type(row.getByLabelText('Google API Key'), 'AIza-test-second')
    await userEvent.click(row.getByRole('button', { name: 'Update API Key' }))
    await waitFor(async () => {
      const rows = await restRows<{ id: string; apiKeyEncrypted: string }>(
        session.tokens,
        'user_api_keys',
      )
      expect(rows).toEqual([
        expect.objectContaining({ id: stored?.id, apiKeyEncrypted: btoa('AIza-test-second') }),
      ])
    })
  })

  test("shows 'Saving...' and disables saving while a save runs", async () => {
    await signedIn()
    // The gate exists before the request does: 'Saving...' can show before the request
    // reaches the handler, and a release then must not be lost.
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    mswServer.use(
      http.post(KEYS_URL, async () => {
        await released
        return undefined
      }),
    )
    renderApp()
    const keys = await openKeys()
    const row = within(within(keys).getByRole('form', { name: 'OpenAI API key' }))
    await userEvent.type(row.getByLabelText('OpenAI API Key'), 'sk-test-slow')
    await userEvent.click(row.getByRole('button', { name: 'Save API Key' }))
    expect(await row.findByRole('button', { name: 'Saving...' })).toBeDisabled()
    release()
    expect(await row.findByRole('button', { name: 'Update API Key' })).toBeEnabled()
  })

  test('loads saved keys when it opens, skipping ones that cannot be decoded', async () => {
    const session = await signedIn()
    await restInsert(session.tokens, 'user_api_keys', {
      user_id: session.userId,
      provider: 'anthropic',
      api_key_encrypted: encodeApiKey('sk-ant-test-stored'),
    })
    await restInsert(session.tokens, 'user_api_keys', {
      user_id: session.userId,
      provider: 'openai',
      api_key_encrypted: '%%% not base64 %%%',
    })
    renderApp()
    const keys = await openKeys()
    const anthropic = within(within(keys).getByRole('form', { name: 'Anthropic API key' }))
    expect(await anthropic.findByText('Saved')).toBeInTheDocument()
    expect(anthropic.getByLabelText('Anthropic API Key')).toHaveValue('sk-ant-test-stored')
    const openai = within(within(keys).getByRole('form', { name: 'OpenAI API key' }))
    expect(openai.queryByText('Saved')).not.toBeInTheDocument()
    expect(openai.getByLabelText('OpenAI API Key')).toHaveValue('')
  })

  test("'API key cannot be empty' when a blank key is submitted with Enter", async () => {
    const session = await signedIn()
    renderApp()
    const keys = await openKeys()
    await userEvent.type(within(keys).getByLabelText('OpenAI API Key'), '   {Enter}')
    expect(await screen.findByText('API key cannot be empty')).toBeInTheDocument()
    expect(await restRows(session.tokens, 'user_api_keys')).toEqual([])
  })

  test("'Failed to save API key. Please try again.' when the platform refuses", async () => {
    await signedIn()
    mswServer.use(
      http.post(KEYS_URL, () => HttpResponse.json({ message: 'nope' }, { status: 500 })),
    )
    renderApp()
    const keys = await openKeys()
    await userEvent.type(within(keys).getByLabelText('OpenAI API Key'), 'sk-test-x{Enter}')
    expect(await screen.findByText('Failed to save API key. Please try again.')).toBeInTheDocument()
    expect(within(keys).queryByText('Saved')).not.toBeInTheDocument()
  })

  test("'Failed to load saved API keys' when the list cannot be read", async () => {
    await signedIn()
    mswServer.use(http.get(KEYS_URL, () => HttpResponse.json({ message: 'nope' }, { status: 500 })))
    renderApp()
    await openKeys()
    expect(await screen.findByText('Failed to load saved API keys')).toBeInTheDocument()
  })

  test('closing key management returns to the model picker', async () => {
    await signedIn()
    renderApp()
    const keys = await openKeys()
    await userEvent.click(within(keys).getByRole('button', { name: 'Close' }))
    expect(await screen.findByRole('dialog', { name: 'Select AI Model' })).toBeInTheDocument()
  })
})
