import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { encodeApiKey } from '../../src/domain/api-key-encoding'
import type { ChatMessage } from '../../src/domain/chat-message'
import { restInsert, restRows, storeSession } from '../support/chat-session'
import { installMockPlatform } from '../support/mock-platform'
import { mswServer } from '../support/msw-server'
import { renderApp } from '../support/render-app'
import { TEST_ORIGIN } from '../support/test-platform'
import { useProviderFakes } from '../unit/providers/fakes-under-msw'

const mockPlatform = installMockPlatform()
const providerFakes = useProviderFakes()

let users = 0
async function signedIn(name = 'Chatty') {
  const tokens = await mockPlatform().signUp(`chat${++users}@example.com`, name)
  storeSession(tokens)
  const userId = JSON.parse(atob(tokens.access_token.split('.')[1]!)).sub as string
  return { tokens, userId }
}

async function withKey(
  tokens: Awaited<ReturnType<typeof signedIn>>,
  provider: string,
  key: string,
) {
  await restInsert(tokens.tokens, 'user_api_keys', {
    id: `key_${tokens.userId}_${provider}`,
    user_id: tokens.userId,
    provider,
    api_key_encrypted: encodeApiKey(key),
  })
}

async function composer() {
  const input = await screen.findByRole('textbox', { name: 'Message' })
  await waitFor(() => expect(input).toHaveAttribute('placeholder', 'Message Claude Haiku 4.5...'))
  return input
}

describe('the chat', () => {
  test('selects the first loaded model and names it in the placeholder and the header', async () => {
    const session = await signedIn()
    // The platform lists models in its own order; the app takes the first as it comes.
    const [first] = await restRows<{ name: string }>(session.tokens, 'ai_models')
    expect(first?.name).toBe('Claude Haiku 4.5')
    renderApp()
    const input = await composer()
    expect(input).toBeEnabled()
    expect(screen.getAllByRole('button', { name: /Claude Haiku 4\.5/ })[0]).toBeInTheDocument()
  })

  test('input rules: blank text cannot be sent, Shift+Enter breaks the line, Enter sends', async () => {
    const session = await signedIn()
    await withKey(session, 'anthropic', 'sk-ant-test-rules')
    renderApp()
    const input = await composer()
    const send = screen.getByRole('button', { name: 'Send message' })
    expect(send).toBeDisabled()
    await userEvent.type(input, '   {Enter}')
    expect(providerFakes().requests).toHaveLength(0)
    expect(await restRows(session.tokens, 'chat_messages')).toHaveLength(0)

    await userEvent.clear(input)
    await userEvent.type(input, 'first line{Shift>}{Enter}{/Shift}second line')
    expect(input).toHaveValue('first line\nsecond line')
    expect(send).toBeEnabled()
    await userEvent.type(input, '{Enter}')
    expect(await screen.findByText('Anthropic fake reply', { exact: false })).toBeInTheDocument()
    expect(input).toHaveValue('')
    expect(providerFakes().requests).toHaveLength(1)
  })

  test('sends: user row saved, the provider called with the context, the reply saved and rendered', async () => {
    const session = await signedIn()
    await withKey(session, 'anthropic', 'sk-ant-test-happy')
    renderApp()
    const input = await composer()
    // The provider answers only when released, so the sending state is observed, not raced;
    // returning nothing hands the request on to the fake.
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    mswServer.use(
      http.post('https://api.anthropic.com/v1/messages', async () => {
        await released
      }),
    )
    await userEvent.type(input, 'Show me some code{Enter}')
    // Disabled with a spinner while the reply is on its way.
    expect(input).toBeDisabled()
    expect(screen.getByRole('status', { name: 'Sending' })).toBeInTheDocument()
    release()

    const reply = await screen.findByRole('article', { name: 'Claude Haiku 4.5 message' })
    expect(within(reply).getByText('Anthropic fake reply', { exact: false }).tagName).toBe('STRONG')
    expect(within(reply).getAllByRole('listitem')).toHaveLength(2)
    expect(within(reply).getByRole('button', { name: 'Copy code' })).toBeInTheDocument()
    await waitFor(() => expect(input).toBeEnabled())

    const [request] = providerFakes().requests
    expect(request).toMatchObject({
      provider: 'anthropic',
      headers: { 'x-api-key': 'sk-ant-test-happy' },
      body: {
        model: 'claude-haiku-4-5',
        messages: [{ role: 'user', content: 'Show me some code' }],
      },
    })
    const rows = await restRows<ChatMessage>(
      session.tokens,
      'chat_messages',
      'select=*&order=created_at.asc',
    )
    expect(rows.map((r) => [r.role, r.content.slice(0, 18)])).toEqual([
      ['user', 'Show me some code'],
      ['assistant', '**Anthropic fake r'],
    ])
    expect(rows[0]?.id).toMatch(/^msg_\d+_user$/)
    expect(rows[1]?.id).toMatch(/^msg_\d+_assistant$/)
    expect(rows[0]).toMatchObject({
      userId: session.userId,
      modelId: 'claude-haiku-4-5',
      systemPromptId: null,
    })
  })

  test('Copy puts a message as written, its markdown, on the clipboard', async () => {
    const session = await signedIn()
    await withKey(session, 'anthropic', 'sk-ant-test-copy')
    const user = userEvent.setup()
    renderApp()
    await user.type(await composer(), 'Make it **bold**{Enter}')
    const reply = await screen.findByRole('article', { name: 'Claude Haiku 4.5 message' })
    await waitFor(() =>
      expect(within(reply).getByRole('button', { name: 'Copy message' })).toBeInTheDocument(),
    )
    await user.click(within(reply).getByRole('button', { name: 'Copy message' }))
    const copied = await navigator.clipboard.readText()
    // The reply's markdown, not its formatted text.
    expect(copied).toContain('**Anthropic fake reply')
    expect(within(reply).getByRole('button', { name: 'Copy message' })).toHaveTextContent('Copied')
    const question = screen.getByRole('article', { name: 'You message' })
    await user.click(within(question).getByRole('button', { name: 'Copy message' }))
    expect(await navigator.clipboard.readText()).toBe('Make it **bold**')
  })
  test('a later turn carries the earlier messages; a restart shows the history, oldest first', async () => {
    const session = await signedIn()
    await withKey(session, 'anthropic', 'sk-ant-test-history')
    const first = renderApp()
    const input = await composer()
    await userEvent.type(input, 'one{Enter}')
    await screen.findByText('You said: one')
    await waitFor(() => expect(input).toBeEnabled())
    await userEvent.type(input, 'two{Enter}')
    await screen.findByText('You said: two')
    const second = providerFakes().requests[1]?.body as { messages: Array<{ role: string }> }
    expect(second.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user'])
    first.unmount()

    renderApp()
    const articles = await screen.findAllByRole('article')
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4))
    expect(articles[0]).toHaveTextContent('one')
    expect(screen.getAllByRole('article')[3]).toHaveTextContent('You said: two')
  })

  test('no key: both toasts, the message is kept and the input works again', async () => {
    const session = await signedIn()
    renderApp()
    const input = await composer()
    await userEvent.type(input, 'hello?{Enter}')
    expect(
      await screen.findByText(
        'No API key found for anthropic. Please add your API key in the model settings.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('Please add your API key in the model settings')).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'You message' })).toHaveTextContent('hello?')
    await waitFor(() => expect(input).toBeEnabled())
    expect(providerFakes().requests).toHaveLength(0)
    expect(await restRows(session.tokens, 'chat_messages')).toHaveLength(1)
  })

  test("no key: the message's mark offers Manage API Keys, over the chat, before and after a reload", async () => {
    await signedIn()
    const first = renderApp()
    const input = await composer()
    await userEvent.type(input, 'hello?{Enter}')
    const message = await screen.findByRole('article', { name: 'You message' })
    await userEvent.click(await within(message).findByRole('button', { name: 'Manage API Keys' }))
    const keys = await screen.findByRole('dialog', { name: 'Manage API Keys' })
    expect(screen.queryByRole('dialog', { name: 'Select AI Model' })).not.toBeInTheDocument()
    await userEvent.click(within(keys).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    first.unmount()

    renderApp()
    const stored = await screen.findByRole('article', { name: 'You message' })
    expect(await within(stored).findByRole('button', { name: 'Retry' })).toBeInTheDocument()
    await userEvent.click(within(stored).getByRole('button', { name: 'Manage API Keys' }))
    expect(await screen.findByRole('dialog', { name: 'Manage API Keys' })).toBeInTheDocument()
  })

  test('a failure other than a missing key offers Retry alone', async () => {
    const session = await signedIn()
    await withKey(session, 'anthropic', 'sk-ant-test-failing')
    renderApp()
    const input = await composer()
    await userEvent.type(input, 'break please [[fail:500]{Enter}')
    const message = await screen.findByRole('article', { name: 'You message' })
    expect(await within(message).findByRole('button', { name: 'Retry' })).toBeInTheDocument()
    expect(within(message).queryByRole('button', { name: 'Manage API Keys' })).toBeNull()
  })

  test('unsent text survives a reload, and is gone once sent', async () => {
    const session = await signedIn()
    await withKey(session, 'anthropic', 'sk-ant-test-drafts')
    const first = renderApp()
    await userEvent.type(await composer(), 'Words I have not sent')
    // A reload: the page goes away (the stored text is written then, not on every key).
    window.dispatchEvent(new Event('pagehide'))
    first.unmount()

    const second = renderApp()
    const input = await composer()
    await waitFor(() => expect(input).toHaveValue('Words I have not sent'))
    await userEvent.type(input, '{Enter}')
    await screen.findByText('You said: Words I have not sent')
    second.unmount()

    renderApp()
    expect(await composer()).toHaveValue('')
  })

  test('a message the database would not save is not lost: after a reload it is in the box', async () => {
    const session = await signedIn()
    await withKey(session, 'anthropic', 'sk-ant-test-outbox')
    // The question's row is refused, as a database that is down would, until the reload.
    let down = true
    mswServer.use(
      http.post(`${TEST_ORIGIN}/api/db/prompt-chat/rest/v1/chat_messages`, () =>
        down
          ? HttpResponse.json({ error: { message: 'database busy' } }, { status: 503 })
          : undefined,
      ),
    )
    const first = renderApp()
    await userEvent.type(await composer(), 'Please keep this{Enter}')
    expect(await screen.findByText('database busy')).toBeInTheDocument()
    const question = screen.getByRole('article', { name: 'You message' })
    expect(within(question).getByRole('button', { name: 'Retry' })).toBeInTheDocument()
    expect(await restRows(session.tokens, 'chat_messages')).toEqual([])
    window.dispatchEvent(new Event('pagehide'))
    first.unmount()
    down = false

    renderApp()
    const input = await composer()
    await waitFor(() => expect(input).toHaveValue('Please keep this'))
    await userEvent.type(input, '{Enter}')
    await screen.findByText('You said: Please keep this')
    expect(
      (await restRows<ChatMessage>(session.tokens, 'chat_messages')).map((m) => m.content),
    ).toContain('Please keep this')
  })

  test('a provider error shows its message and keeps the user message', async () => {
    const session = await signedIn()
    await withKey(session, 'anthropic', 'sk-ant-test-failing')
    renderApp()
    const input = await composer()
    await userEvent.type(input, 'break please [[fail:500]{Enter}')
    expect(await screen.findByText(/^Anthropic API error: /)).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'You message' })).toHaveTextContent('break please')
    await waitFor(() => expect(input).toBeEnabled())
    expect(await restRows(session.tokens, 'chat_messages')).toHaveLength(1)
  })

  test('a network failure on the provider call shows its message', async () => {
    const session = await signedIn()
    await withKey(session, 'anthropic', 'sk-ant-test-silent')
    renderApp()
    const input = await composer()
    mswServer.use(http.post('https://api.anthropic.com/v1/messages', () => HttpResponse.error()))
    await userEvent.type(input, 'anyone there?{Enter}')
    expect(await screen.findByText('Failed to fetch')).toBeInTheDocument()
    await waitFor(() => expect(input).toBeEnabled())
  })

  test('a model withdrawn since the list loaded: "Model not found"', async () => {
    await signedIn()
    renderApp()
    const input = await composer()
    // The send looks the model up by id; the platform no longer has it.
    mswServer.use(
      http.get(`${TEST_ORIGIN}/api/db/prompt-chat/rest/v1/ai_models`, ({ request }) =>
        new URL(request.url).searchParams.has('id') ? HttpResponse.json([]) : undefined,
      ),
    )
    await userEvent.type(input, 'hi{Enter}')
    expect(await screen.findByText('Model not found')).toBeInTheDocument()
    await waitFor(() => expect(input).toBeEnabled())
  })

  test('models that fail to load: "Failed to load AI models", and the input stays disabled', async () => {
    await signedIn()
    mswServer.use(
      http.get(`${TEST_ORIGIN}/api/db/prompt-chat/rest/v1/ai_models`, () =>
        HttpResponse.json({ error: { message: 'boom' } }, { status: 500 }),
      ),
    )
    renderApp()
    expect(await screen.findByText('Failed to load AI models')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
      'placeholder',
      'Select a model to start chatting...',
    )
  })

  test('avatars, timestamps and alignment follow the saved style config', async () => {
    const session = await signedIn()
    await withKey(session, 'anthropic', 'sk-ant-test-style')
    localStorage.setItem(
      'styleConfig',
      JSON.stringify({ showAvatars: false, showTimestamps: false, messageAlignment: 'right' }),
    )
    renderApp()
    const input = await composer()
    await userEvent.type(input, 'styled{Enter}')
    const mine = await screen.findByRole('article', { name: 'You message' })
    expect(within(mine).queryByTestId('avatar')).toBeNull()
    expect(mine.querySelector('time')).toBeNull()
    expect(mine.className).toMatch(/flex-d_row-reverse/)
  })

  test('by default (docs/product/data.md) messages show avatars and timestamps, aligned left', async () => {
    const session = await signedIn()
    await withKey(session, 'anthropic', 'sk-ant-test-default-style')
    renderApp()
    const input = await composer()
    await userEvent.type(input, 'plain{Enter}')
    const mine = await screen.findByRole('article', { name: 'You message' })
    expect(within(mine).getByTestId('avatar')).toBeInTheDocument()
    expect(mine.querySelector('time')).toHaveAttribute('datetime', expect.stringMatching(/^\d{4}-/))
    expect(mine.className).toMatch(/flex-d_row(?!-)/)
  })

  test('a failed history load is only logged: no toast, the chat still works', async () => {
    await signedIn()
    // History pages are read through `/sql` (src/effects/history-pages.ts).
    mswServer.use(
      http.post(`${TEST_ORIGIN}/api/db/prompt-chat/sql`, () =>
        HttpResponse.json({ error: { message: 'history down' } }, { status: 500 }),
      ),
    )
    renderApp()
    await composer()
    expect(screen.getByRole('heading', { name: 'Start a conversation' })).toBeInTheDocument()
    expect(screen.queryByText('history down')).not.toBeInTheDocument()
  })
})

describe('the model choice across reloads', () => {
  const placeholderOf = (name: string) => `Message ${name}...`
  async function modelsAsListed(session: Awaited<ReturnType<typeof signedIn>>) {
    return restRows<{ id: string; name: string; provider: string }>(session.tokens, 'ai_models')
  }

  test('with only an OpenAI key, a fresh start picks the first OpenAI model and sends without the missing-key toast', async () => {
    const session = await signedIn()
    await withKey(session, 'openai', 'sk-test-openai-only')
    const firstOpenAi = (await modelsAsListed(session)).find((m) => m.provider === 'openai')!
    renderApp()
    const input = await screen.findByRole('textbox', { name: 'Message' })
    await waitFor(() =>
      expect(input).toHaveAttribute('placeholder', placeholderOf(firstOpenAi.name)),
    )
    await userEvent.type(input, 'hello openai{Enter}')
    expect(await screen.findByText('OpenAI fake reply', { exact: false })).toBeInTheDocument()
    expect(providerFakes().requests[0]).toMatchObject({
      provider: 'openai',
      body: { model: firstOpenAi.id },
    })
  })

  test('the picked model is remembered for that user and selected again after a reload', async () => {
    const session = await signedIn()
    const first = renderApp()
    await composer()
    await userEvent.click(screen.getAllByRole('button', { name: /Claude Haiku 4\.5/ })[0]!)
    const picker = await screen.findByRole('dialog', { name: 'Select AI Model' })
    await userEvent.click(within(picker).getByRole('button', { name: /Gemini 2\.5 Pro/ }))
    const input = screen.getByRole('textbox', { name: 'Message' })
    await waitFor(() =>
      expect(input).toHaveAttribute('placeholder', placeholderOf('Gemini 2.5 Pro')),
    )
    const gemini = (await modelsAsListed(session)).find((m) => m.name === 'Gemini 2.5 Pro')!
    expect(localStorage.getItem(`selectedModel:${session.userId}`)).toBe(gemini.id)
    first.unmount()

    renderApp()
    const again = await screen.findByRole('textbox', { name: 'Message' })
    await waitFor(() =>
      expect(again).toHaveAttribute('placeholder', placeholderOf('Gemini 2.5 Pro')),
    )
  })

  test('a remembered model that is no longer listed falls back to the first with a key, else the first', async () => {
    const session = await signedIn()
    localStorage.setItem(`selectedModel:${session.userId}`, 'gpt-retired')
    const first = renderApp()
    await composer() // no key: the first loaded model
    first.unmount()

    await withKey(session, 'google', 'AIza-test-google')
    const firstGoogle = (await modelsAsListed(session)).find((m) => m.provider === 'google')!
    renderApp()
    const input = await screen.findByRole('textbox', { name: 'Message' })
    await waitFor(() =>
      expect(input).toHaveAttribute('placeholder', placeholderOf(firstGoogle.name)),
    )
  })
})

describe('Retry of a failed turn', () => {
  const ANTHROPIC = 'https://api.anthropic.com/v1/messages'

  test('a failed call marks the message "Not sent"; Retry sends it again, saving the user message once', async () => {
    const session = await signedIn()
    await withKey(session, 'anthropic', 'sk-ant-test-retry')
    renderApp()
    const input = await composer()
    mswServer.use(
      http.post(
        ANTHROPIC,
        () =>
          HttpResponse.json(
            { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
            { status: 529 },
          ),
        { once: true },
      ),
    )
    await userEvent.type(input, 'try me again{Enter}')
    expect(await screen.findByText('Anthropic API error: Overloaded')).toBeInTheDocument()
    const mine = screen.getByRole('article', { name: 'You message' })
    expect(within(mine).getByText('Not sent')).toBeInTheDocument()
    await waitFor(() => expect(input).toBeEnabled())
    expect(input).toHaveValue('')

    await userEvent.click(within(mine).getByRole('button', { name: 'Retry' }))
    const reply = await screen.findByRole('article', { name: 'Claude Haiku 4.5 message' })
    expect(reply).toHaveTextContent('You said: try me again')
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
    expect(screen.queryByText('Not sent')).not.toBeInTheDocument()

    // The fake saw the second attempt only (the first never reached it), with the same turns.
    const [request] = providerFakes().requests
    expect(request?.body).toMatchObject({
      model: 'claude-haiku-4-5',
      messages: [{ role: 'user', content: 'try me again' }],
    })
    const rows = await restRows<ChatMessage>(
      session.tokens,
      'chat_messages',
      'select=*&order=created_at.asc',
    )
    expect(rows.map((r) => [r.role, r.content])).toEqual([
      ['user', 'try me again'],
      ['assistant', expect.stringContaining('You said: try me again')],
    ])
  })

  test('a user message the platform refused is saved by Retry; a later failure keeps its Retry after the next send', async () => {
    const session = await signedIn()
    await withKey(session, 'anthropic', 'sk-ant-test-retry-save')
    renderApp()
    const input = await composer()
    mswServer.use(
      http.post(
        `${TEST_ORIGIN}/api/db/prompt-chat/rest/v1/chat_messages`,
        () => HttpResponse.json({ message: 'database busy' }, { status: 503 }),
        { once: true },
      ),
    )
    await userEvent.type(input, 'not saved yet{Enter}')
    expect(await screen.findByText('database busy')).toBeInTheDocument()
    expect(await restRows(session.tokens, 'chat_messages')).toHaveLength(0)
    expect(providerFakes().requests).toHaveLength(0)

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await screen.findByText('You said: not saved yet')
    await waitFor(async () =>
      expect(await restRows(session.tokens, 'chat_messages')).toHaveLength(2),
    )

    // A new failure, then a new message: the saved failed message keeps its mark and Retry
    // (docs/product/behaviour.md#chat-sending).
    await waitFor(() => expect(input).toBeEnabled())
    await userEvent.type(input, 'break [[fail:500]{Enter}')
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument()
    await waitFor(() => expect(input).toBeEnabled())
    await userEvent.type(input, 'something else{Enter}')
    await screen.findByText('You said: something else')
    const broken = screen
      .getAllByRole('article', { name: 'You message' })
      .find((article) => article.textContent?.includes('break'))
    expect(broken).toHaveTextContent('Not sent')
    expect(within(broken!).getByRole('button', { name: 'Retry' })).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1)
  })
})
