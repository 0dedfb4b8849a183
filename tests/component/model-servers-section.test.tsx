import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { COMPATIBLE_FAKE_BASE_URL as BASE } from '../../mocks/msw/provider-handlers'
import { decodeApiKey, encodeApiKey } from '../../src/domain/api-key-encoding'
import type { TokenSet } from '../../src/platform/types'
import { restInsert, restRows, storeSession } from '../support/chat-session'
import { installMockPlatform } from '../support/mock-platform'
import { mswServer } from '../support/msw-server'
import { renderApp } from '../support/render-app'
import { TEST_ORIGIN } from '../support/test-platform'
import { useProviderFakes } from '../unit/providers/fakes-under-msw'

// The keys dialog's "OpenAI-compatible servers" section (docs/product/servers.md), the whole
// app against the mock platform and the fake compatible server under MSW.

const mockPlatform = installMockPlatform()
const providerFakes = useProviderFakes()
const SERVERS_URL = `${TEST_ORIGIN}/api/db/prompt-chat/rest/v1/model_servers`
const DOWN = 'http://down.test'
const ROUTER = 'https://router.test/api'

afterEach(() => vi.restoreAllMocks())

interface ServerRow {
  id: string
  name: string
  baseUrl: string
  apiKeyEncrypted: string | null
}

let users = 0
async function signedIn() {
  const tokens = await mockPlatform().signUp(`servers${++users}@example.com`, 'Servers')
  storeSession(tokens)
  const userId = JSON.parse(atob(tokens.access_token.split('.')[1]!)).sub as string
  return { tokens, userId }
}

async function addServerRow(
  session: { tokens: TokenSet; userId: string },
  name: string,
  baseUrl: string,
  key?: string,
) {
  await restInsert(session.tokens, 'model_servers', {
    user_id: session.userId,
    name,
    base_url: baseUrl,
    api_key_encrypted: key === undefined ? null : encodeApiKey(key),
  })
}

async function openPicker() {
  const input = await screen.findByRole('textbox', { name: 'Message' })
  await waitFor(() => expect(input.getAttribute('placeholder')).toMatch(/^Message .+\.\.\.$/))
  const name = input
    .getAttribute('placeholder')!
    .replace(/^Message /, '')
    .replace(/\.\.\.$/, '')
  await userEvent.click(screen.getAllByRole('button', { name })[0]!)
  return screen.findByRole('dialog', { name: 'Select AI Model' })
}

async function openServers() {
  const picker = await openPicker()
  await userEvent.click(within(picker).getByRole('button', { name: 'Manage API Keys' }))
  const keys = await screen.findByRole('dialog', { name: 'Manage API Keys' })
  return within(keys).getByRole('region', { name: 'OpenAI-compatible servers' })
}

async function fillAndAdd(
  section: HTMLElement,
  fields: { name?: string; url?: string; key?: string },
) {
  const form = within(within(section).getByRole('form', { name: 'Add server' }))
  if (fields.name !== undefined) {
    await userEvent.clear(form.getByLabelText('Name'))
    if (fields.name) await userEvent.type(form.getByLabelText('Name'), fields.name)
  }
  if (fields.url !== undefined) {
    await userEvent.clear(form.getByLabelText('Base URL'))
    if (fields.url) await userEvent.type(form.getByLabelText('Base URL'), fields.url)
  }
  if (fields.key) await userEvent.type(form.getByLabelText('API key (optional)'), fields.key)
  await userEvent.click(form.getByRole('button', { name: 'Add server' }))
  return form
}

describe('the OpenAI-compatible servers section', () => {
  test('lists the saved servers: name, base URL, whether a key is saved, a gray badge', async () => {
    const session = await signedIn()
    await addServerRow(session, 'Ollama', BASE)
    await addServerRow(session, 'OpenRouter', ROUTER, 'sk-or-1')
    mswServer.use(http.get(`${ROUTER}/v1/models`, () => HttpResponse.json({ data: [{ id: 'm' }] })))
    renderApp()
    const section = await openServers()
    const list = within(await within(section).findByRole('list', { name: 'Your servers' }))
    const ollama = list.getByRole('listitem', { name: 'Ollama' })
    expect(ollama).toHaveTextContent(BASE)
    expect(ollama).toHaveTextContent('no key')
    expect(ollama.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('other')
    const router = list.getByRole('listitem', { name: 'OpenRouter' })
    expect(router).toHaveTextContent(ROUTER)
    expect(router).toHaveTextContent('key saved')
  })

  test('adds a server: checked, saved with its key encoded and the URL normalised', async () => {
    const session = await signedIn()
    renderApp()
    const section = await openServers()
    expect(within(section).getByText('No servers yet.')).toBeInTheDocument()
    const form = await fillAndAdd(section, {
      name: ' My Ollama ',
      url: `${BASE}/v1/`,
      key: 'sk-local-1',
    })
    expect(await screen.findByText('Added My Ollama with 2 models')).toBeInTheDocument()
    const item = await within(section).findByRole('listitem', { name: 'My Ollama' })
    expect(item).toHaveTextContent('key saved')
    expect(form.getByLabelText('Name')).toHaveValue('')
    const [stored] = await restRows<ServerRow>(session.tokens, 'model_servers')
    expect(stored).toMatchObject({ name: 'My Ollama', baseUrl: BASE })
    expect(decodeApiKey(stored!.apiKeyEncrypted!)).toBe('sk-local-1')
    // The check (the chat's own reload of its models may follow).
    expect(providerFakes().requests[0]).toMatchObject({
      method: 'GET',
      url: `${BASE}/v1/models`,
      headers: { authorization: 'Bearer sk-local-1' },
    })
  })

  test.each([
    [{ name: '', url: BASE }, 'Name', 'Enter a name for this server'],
    [{ name: 'x'.repeat(51), url: BASE }, 'Name', 'Use at most 50 characters for the name'],
    [{ name: 'Ollama', url: '' }, 'Base URL', 'Enter the base URL of this server'],
    [
      { name: 'Ollama', url: 'localhost:11434' },
      'Base URL',
      'Base URL must start with http:// or https://',
    ],
    [
      { name: 'Ollama', url: 'http://local host' },
      'Base URL',
      'Enter a valid URL, like http://localhost:11434',
    ],
    [
      { name: 'Ollama', url: 'http://me:pw@localhost:11434' },
      'Base URL',
      'Leave the user name and password out of the URL; put a key in API key',
    ],
    [{ name: 'Ollama', url: `${BASE}?key=1` }, 'Base URL', 'Leave ? and # out of the base URL'],
  ])('%o: under %s, %s', async (fields, label, message) => {
    const session = await signedIn()
    renderApp()
    const section = await openServers()
    const form = await fillAndAdd(section, fields)
    const input = form.getByLabelText(label)
    expect(await form.findByRole('alert')).toHaveTextContent(message)
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription(message)
    expect(providerFakes().requests).toEqual([])
    expect(await restRows(session.tokens, 'model_servers')).toEqual([])
    // Typing in the field takes its message away.
    await userEvent.type(input, 'a')
    expect(form.queryByRole('alert')).not.toBeInTheDocument()
  })

  test("a name in use: 'You already have a server named {name}'", async () => {
    const session = await signedIn()
    await addServerRow(session, 'Ollama', BASE)
    renderApp()
    const section = await openServers()
    await within(section).findByRole('listitem', { name: 'Ollama' })
    const form = await fillAndAdd(section, { name: 'OLLAMA', url: BASE })
    expect(await form.findByRole('alert')).toHaveTextContent(
      'You already have a server named OLLAMA',
    )
  })

  test.each([
    ['no connection', 'Could not reach Local', () => HttpResponse.error()],
    [
      'a refused key',
      'Local refused the API key',
      () => HttpResponse.json({ error: { message: 'no' } }, { status: 401 }),
    ],
    [
      'another refusal',
      'Local answered HTTP 502 to the model list',
      () => new HttpResponse('nope', { status: 502 }),
    ],
    [
      'something else than a model list',
      'Local did not answer with a list of models',
      () => HttpResponse.json({ hello: 'world' }),
    ],
  ] as const)('%s: the toast says %s and nothing is saved', async (_, message, answer) => {
    const session = await signedIn()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    mswServer.use(http.get(`${DOWN}/v1/models`, answer))
    renderApp()
    const section = await openServers()
    const form = await fillAndAdd(section, { name: 'Local', url: DOWN })
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(await restRows(session.tokens, 'model_servers')).toEqual([])
    expect(form.getByLabelText('Name')).toHaveValue('Local')
    await waitFor(() => expect(form.getByRole('button', { name: 'Add server' })).toBeEnabled())
  })

  test("shows 'Checking...' while the server is asked, and 'Failed to save the server. Please try again.'", async () => {
    await signedIn()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    // The gate exists before the request does: 'Checking...' can show before the request
    // reaches the handler, and a release then must not be lost.
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    mswServer.use(
      http.get(`${DOWN}/v1/models`, async () => {
        await released
        return HttpResponse.json({ object: 'list', data: [{ id: 'm' }] })
      }),
      http.post(SERVERS_URL, () => HttpResponse.json({ message: 'nope' }, { status: 500 })),
    )
    renderApp()
    const section = await openServers()
    const form = await fillAndAdd(section, { name: 'Slow', url: DOWN })
    expect(await form.findByRole('button', { name: 'Checking...' })).toBeDisabled()
    release()
    // A toast: sonner loads with the first one, which took over the default second once on a
    // busy CI machine; and it fades in (opacity 0 until its mount effect has run), so it is
    // waited for until visible, not only until present.
    await waitFor(
      () => expect(screen.getByText('Failed to save the server. Please try again.')).toBeVisible(),
      { timeout: 5000 },
    )
    expect(within(section).queryByRole('listitem')).not.toBeInTheDocument()
  })

  test('Remove asks first: Cancel keeps the server, yes removes it', async () => {
    const session = await signedIn()
    await addServerRow(session, 'Ollama', BASE)
    renderApp()
    const section = await openServers()
    const item = await within(section).findByRole('listitem', { name: 'Ollama' })
    await userEvent.click(within(item).getByRole('button', { name: 'Remove Ollama' }))
    expect(item).toHaveTextContent('Remove Ollama? Its models leave the model picker.')
    await userEvent.click(within(item).getByRole('button', { name: 'Cancel' }))
    expect(within(item).getByRole('button', { name: 'Remove Ollama' })).toBeInTheDocument()
    expect(await restRows(session.tokens, 'model_servers')).toHaveLength(1)

    await userEvent.click(within(item).getByRole('button', { name: 'Remove Ollama' }))
    await userEvent.click(within(item).getByRole('button', { name: 'Yes, remove' }))
    expect(await screen.findByText('Removed Ollama')).toBeInTheDocument()
    await waitFor(() => expect(within(section).queryByRole('listitem')).not.toBeInTheDocument())
    expect(await restRows(session.tokens, 'model_servers')).toEqual([])
  })

  test("'Failed to remove the server. Please try again.' keeps it listed", async () => {
    const session = await signedIn()
    await addServerRow(session, 'Ollama', BASE)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    mswServer.use(
      http.delete(SERVERS_URL, () => HttpResponse.json({ message: 'nope' }, { status: 500 })),
    )
    renderApp()
    const section = await openServers()
    const item = await within(section).findByRole('listitem', { name: 'Ollama' })
    await userEvent.click(within(item).getByRole('button', { name: 'Remove Ollama' }))
    await userEvent.click(within(item).getByRole('button', { name: 'Yes, remove' }))
    await waitFor(() =>
      expect(screen.getByText('Failed to remove the server. Please try again.')).toBeVisible(),
    )
    expect(within(section).getByRole('listitem', { name: 'Ollama' })).toBeInTheDocument()
  })

  test("'Failed to load your servers' when the list cannot be read", async () => {
    await signedIn()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderApp()
    await screen.findByRole('textbox', { name: 'Message' })
    mswServer.use(
      http.get(SERVERS_URL, () => HttpResponse.json({ message: 'nope' }, { status: 500 })),
    )
    await openServers()
    expect(await screen.findByText('Failed to load your servers')).toBeInTheDocument()
  })
})

describe("a server's models in the model picker", () => {
  test("appear under the server's name with a gray badge; a failing server only drops its own", async () => {
    const session = await signedIn()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    mswServer.use(http.get(`${DOWN}/v1/models`, () => HttpResponse.error()))
    await addServerRow(session, 'Broken', DOWN)
    await addServerRow(session, 'My Ollama', BASE)
    renderApp()
    expect(await screen.findByText('Could not reach Broken')).toBeInTheDocument()
    const picker = await openPicker()
    const groups = within(picker).getAllByRole('region')
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual([
      'openai',
      'anthropic',
      'google',
      'My Ollama',
    ])
    const server = within(groups[3]!)
    expect(server.getByRole('heading')).toHaveTextContent('My Ollama')
    const option = server.getByRole('button', { name: /llama3\.2:3b/ })
    expect(option).toHaveTextContent('My Ollama')
    expect(server.getByRole('button', { name: /qwen2\.5:7b/ })).toBeInTheDocument()
    const badges = [...groups[3]!.querySelectorAll('[data-tone]')]
    expect(badges.map((b) => [b.getAttribute('data-tone'), b.textContent])).toEqual([
      ['other', 'my ollama'],
      ['other', 'my ollama'],
    ])
  })

  test('with no provider key and nothing remembered, the session starts on a server model', async () => {
    const session = await signedIn()
    await addServerRow(session, 'My Ollama', BASE)
    renderApp()
    const input = await screen.findByRole('textbox', { name: 'Message' })
    await waitFor(() => expect(input).toHaveAttribute('placeholder', 'Message llama3.2:3b...'))
  })

  test('a server added in the keys dialog is in the picker at once, without a reload', async () => {
    await signedIn()
    renderApp()
    const section = await openServers()
    await fillAndAdd(section, { name: 'Fresh', url: BASE })
    expect(await screen.findByText('Added Fresh with 2 models')).toBeInTheDocument()
    const keys = screen.getByRole('dialog', { name: 'Manage API Keys' })
    await userEvent.click(within(keys).getByRole('button', { name: 'Close' }))
    const picker = await screen.findByRole('dialog', { name: 'Select AI Model' })
    const group = await within(picker).findByRole('region', { name: 'Fresh' })
    expect(within(group).getByRole('button', { name: /llama3\.2:3b/ })).toBeInTheDocument()
  })

  test('picking one and sending: the reply comes from the server, without a key', async () => {
    const session = await signedIn()
    await addServerRow(session, 'My Ollama', BASE)
    renderApp()
    const picker = await openPicker()
    await userEvent.click(within(picker).getByRole('button', { name: /qwen2\.5:7b/ }))
    const input = screen.getByRole('textbox', { name: 'Message' })
    await waitFor(() => expect(input).toHaveAttribute('placeholder', 'Message qwen2.5:7b...'))
    await userEvent.type(input, 'hello server{Enter}')
    expect(
      await screen.findByText('OpenAI-compatible fake reply', { exact: false }),
    ).toBeInTheDocument()
    const chat = providerFakes().requests.find((r) => r.method === 'POST')
    expect(chat).toMatchObject({
      provider: 'openai-compatible',
      url: `${BASE}/v1/chat/completions`,
      body: { model: 'qwen2.5:7b' },
    })
    expect(chat?.headers.authorization).toBeUndefined()
  })
})
