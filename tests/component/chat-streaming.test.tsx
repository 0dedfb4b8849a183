import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { encodeApiKey } from '../../src/domain/api-key-encoding'
import { formatCost, formatTokens } from '../../src/domain/model-prices'
import { restInsert, restRows, storeSession } from '../support/chat-session'
import { installMockPlatform } from '../support/mock-platform'
import { mswServer } from '../support/msw-server'
import { renderApp } from '../support/render-app'
import { TEST_ORIGIN } from '../support/test-platform'
import { useProviderFakes } from '../unit/providers/fakes-under-msw'

// Streamed replies, Stop, Regenerate and usage in the running app, on the mock platform with
// the provider fakes under MSW (docs/product/behaviour.md#streamed-replies, docs/product/usage.md).
const mockPlatform = installMockPlatform()
const providerFakes = useProviderFakes()

let users = 0
async function signedInWithKey() {
  const tokens = await mockPlatform().signUp(`stream${++users}@example.com`, 'Streamer')
  storeSession(tokens)
  const userId = JSON.parse(atob(tokens.access_token.split('.')[1]!)).sub as string
  await restInsert(tokens, 'user_api_keys', {
    id: `key_${userId}_anthropic`,
    user_id: userId,
    provider: 'anthropic',
    api_key_encrypted: encodeApiKey('sk-ant-test-stream'),
  })
  return { tokens, userId }
}

async function send(text: string) {
  const input = await screen.findByRole('textbox', { name: 'Message' })
  await waitFor(() => expect(input).toHaveAttribute('placeholder', 'Message Claude Haiku 4.5...'))
  // user-event reads `[` and `{` as key names unless doubled.
  await userEvent.type(input, `${text.replaceAll('[', '[[').replaceAll('{', '{{')}{Enter}`)
  return input
}

interface StoredReply {
  id: string
  parentId: string | null
  role: string
  content: string
  status: string
  promptTokens: number | null
  completionTokens: number | null
  totalTokens: number | null
}
const replies = async (tokens: Awaited<ReturnType<typeof signedInWithKey>>['tokens']) =>
  (await restRows<StoredReply>(tokens, 'chat_messages', 'select=*&order=created_at.asc')).filter(
    (row) => row.role === 'assistant',
  )

describe('streamed replies', () => {
  test('a reply arrives as a stream and is saved with its usage, which shows under it', async () => {
    const { tokens } = await signedInWithKey()
    renderApp()
    await send('Hello')
    const reply = await screen.findByRole('article', { name: 'Claude Haiku 4.5 message' })
    await waitFor(() => expect(reply).not.toHaveAttribute('data-streaming'))
    expect(providerFakes().requests[0]?.body).toMatchObject({ stream: true })
    const [stored] = await replies(tokens)
    expect(stored).toMatchObject({ status: 'complete' })
    expect(stored!.totalTokens).toBeGreaterThan(0)
    expect(stored!.totalTokens).toBe(stored!.promptTokens! + stored!.completionTokens!)
    // Claude Haiku 4.5: $1 in, $5 out per million tokens.
    const cost = (stored!.promptTokens! * 1 + stored!.completionTokens! * 5) / 1_000_000
    const shown = cost < 0.0001 ? '<$0.0001' : `$${cost.toFixed(4)}`
    expect(within(reply).getByText(`${stored!.totalTokens} tokens · ${shown}`)).toHaveAttribute(
      'title',
      `${stored!.promptTokens} prompt + ${stored!.completionTokens} completion tokens`,
    )
    expect(
      screen.getByText(`Conversation so far: ${stored!.totalTokens} tokens · ${shown}`),
    ).toBeInTheDocument()
  })

  test('Stop keeps what arrived, saved and marked stopped; the composer is free again', async () => {
    const { tokens } = await signedInWithKey()
    renderApp()
    // The fake sends two pieces, then nothing until the request is aborted.
    const input = await send('Tell me everything [stall:2]')
    const growing = await screen.findByRole('article', { name: 'Claude Haiku 4.5 message' })
    expect(growing).toHaveAttribute('data-streaming')
    await waitFor(() => expect(growing.textContent).toContain('Anthropic'))
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }))
    const stopped = await screen.findByText('Stopped')
    const kept = stopped.closest('article')!
    expect(kept).toHaveAttribute('data-status', 'stopped')
    expect(kept.textContent).toContain('Anthropic')
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull()
    await waitFor(() => expect(input).toBeEnabled())
    await waitFor(async () => expect(await replies(tokens)).toHaveLength(1))
    const [stored] = await replies(tokens)
    expect(stored).toMatchObject({ status: 'stopped' })
    expect(stored!.content).toContain('Anthropic')
    // Only the two pieces sent before the stall: the end of the fake reply never came.
    expect(stored!.content).not.toContain('Turns received')
  })

  test('Escape stops a streaming reply as Stop does, wherever focus is on the page', async () => {
    const { tokens } = await signedInWithKey()
    renderApp()
    await send('Tell me everything [stall:2]')
    const growing = await screen.findByRole('article', { name: 'Claude Haiku 4.5 message' })
    await waitFor(() => expect(growing.textContent).toContain('Anthropic'))
    // The disabled box has lost focus: the key goes to the page.
    await userEvent.keyboard('{Escape}')
    expect(await screen.findByText('Stopped')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull()
    await waitFor(async () => expect(await replies(tokens)).toMatchObject([{ status: 'stopped' }]))
  })

  test('Escape in a dialog closes the dialog and leaves the reply streaming', async () => {
    await signedInWithKey()
    renderApp()
    await send('Tell me everything [stall:2]')
    const growing = await screen.findByRole('article', { name: 'Claude Haiku 4.5 message' })
    await waitFor(() => expect(growing.textContent).toContain('Anthropic'))
    await userEvent.click(screen.getByRole('button', { name: 'Quick Prompts' }))
    await screen.findByRole('dialog')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(growing).toHaveAttribute('data-streaming')
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }))
    expect(await screen.findByText('Stopped')).toBeInTheDocument()
  })

  test('a reply is saved while it streams: after a reload it is there, marked interrupted, with Regenerate', async () => {
    const { tokens } = await signedInWithKey()
    const first = renderApp()
    // The fake sends two pieces, then nothing: the page goes away mid-reply.
    await send('Tell me everything [stall:2]')
    const growing = await screen.findByRole('article', { name: 'Claude Haiku 4.5 message' })
    await waitFor(() => expect(growing.textContent).toContain('Anthropic'))
    await waitFor(async () => expect(await replies(tokens)).toHaveLength(1))
    const [draft] = await replies(tokens)
    expect(draft).toMatchObject({ status: 'streaming' })
    expect(draft!.content).toContain('Anthropic')
    first.actors.app.stop()
    first.unmount()

    renderApp()
    const reply = await screen.findByRole('article', { name: 'Claude Haiku 4.5 message' })
    expect(reply).toHaveAttribute('data-status', 'interrupted')
    expect(reply).toHaveTextContent('Interrupted: the reply broke off')
    expect(reply.textContent).toContain('Anthropic')
    expect(within(reply).getByRole('button', { name: 'Regenerate' })).toBeInTheDocument()
  })

  test('the page going away mid-reply writes what arrived, marked interrupted', async () => {
    const { tokens } = await signedInWithKey()
    const app = renderApp()
    await send('Tell me everything [stall:2]')
    const growing = await screen.findByRole('article', { name: 'Claude Haiku 4.5 message' })
    await waitFor(() => expect(growing.textContent).toContain('Anthropic'))
    window.dispatchEvent(new Event('pagehide'))
    await waitFor(async () =>
      expect((await replies(tokens))[0]).toMatchObject({ status: 'interrupted' }),
    )
    const [stored] = await replies(tokens)
    expect(stored!.content).toContain('Anthropic')
    expect(stored!.content).not.toContain('Turns received')
    app.actors.app.stop()
  })

  test('the page going away while the finished reply is written writes it in full', async () => {
    const { tokens } = await signedInWithKey()
    // The finished reply's own write never gets through: the page goes away while it waits.
    let held = false
    mswServer.use(
      http.post(`${TEST_ORIGIN}/api/db/prompt-chat/rest/v1/chat_messages`, async ({ request }) => {
        const body: unknown = await request.clone().json()
        const rows = (Array.isArray(body) ? body : [body]) as Array<Record<string, unknown>>
        const finished = rows.some((row) => row.role === 'assistant' && row.status === 'complete')
        if (request.keepalive || !finished) return undefined
        held = true
        return new Promise<never>(() => {})
      }),
    )
    const app = renderApp()
    await send('Hello')
    const reply = await screen.findByRole('article', { name: 'Claude Haiku 4.5 message' })
    await waitFor(() => expect(reply.textContent).toContain('Turns received'))
    await waitFor(() => expect(held).toBe(true))
    window.dispatchEvent(new Event('pagehide'))
    await waitFor(async () =>
      expect((await replies(tokens))[0]).toMatchObject({ status: 'complete' }),
    )
    expect((await replies(tokens))[0]!.content).toContain('Turns received')
    app.actors.app.stop()
  })

  test('a stream that breaks off keeps what arrived, says why, and frees the input', async () => {
    const { tokens } = await signedInWithKey()
    renderApp()
    const input = await send('Go on [fail-mid:2]')
    expect(await screen.findByText('Interrupted: the reply broke off')).toBeInTheDocument()
    // sonner loads with the first toast (docs/performance.md): the toast follows shortly.
    await waitFor(() =>
      expect(document.querySelector('[data-sonner-toast]')?.textContent).toMatch(
        /Anthropic API error/,
      ),
    )
    await waitFor(() => expect(input).toBeEnabled())
    const [stored] = await replies(tokens)
    expect(stored).toMatchObject({ status: 'interrupted' })
  })

  test('Regenerate keeps the earlier reply as a version: ‹ 2 / 2 ›, and ‹ shows it again', async () => {
    const { tokens } = await signedInWithKey()
    renderApp()
    await send('Answer twice')
    const reply = await screen.findByRole('article', { name: 'Claude Haiku 4.5 message' })
    await waitFor(() => expect(reply).not.toHaveAttribute('data-streaming'))
    const [first] = await replies(tokens)
    await userEvent.click(within(reply).getByRole('button', { name: 'Regenerate' }))
    await waitFor(() => expect(providerFakes().requests).toHaveLength(2))
    // The same context was sent again.
    expect(providerFakes().requests[1]?.body).toEqual(providerFakes().requests[0]?.body)
    const versions = await screen.findByRole('group', { name: 'Versions' })
    expect(versions).toHaveTextContent('2 / 2')
    expect(screen.getAllByRole('article')).toHaveLength(2)
    // Both replies are stored, each answering the same question.
    const after = await replies(tokens)
    expect(after).toHaveLength(2)
    const [question] = await restRows<{ id: string }>(
      tokens,
      'chat_messages',
      'select=id&role=eq.user',
    )
    expect(after.map((row) => row.parentId)).toEqual([question?.id, question?.id])
    expect(after[1]).toMatchObject({ status: 'complete' })
    const second = after[1]?.id
    expect(screen.getAllByRole('article')[1]).toHaveAttribute('data-message-id', second)
    // ‹ shows the first again, and the conversation remembers it.
    await userEvent.click(within(versions).getByRole('button', { name: 'Previous version' }))
    await waitFor(() =>
      expect(screen.getAllByRole('article')[1]).toHaveAttribute('data-message-id', first?.id),
    )
    expect(screen.getByRole('group', { name: 'Versions' })).toHaveTextContent('1 / 2')
    const [conversation] = await restRows<{ currentLeafId: string }>(
      tokens,
      'conversations',
      'select=current_leaf_id',
    )
    expect(conversation?.currentLeafId).toBe(first?.id)
  })

  test("the conversation's total counts every reply it cost: the version not shown too", async () => {
    const { tokens } = await signedInWithKey()
    renderApp()
    await send('Answer twice')
    const reply = await screen.findByRole('article', { name: 'Claude Haiku 4.5 message' })
    await waitFor(() => expect(reply).not.toHaveAttribute('data-streaming'))
    await userEvent.click(within(reply).getByRole('button', { name: 'Regenerate' }))
    await screen.findByRole('group', { name: 'Versions' })
    await waitFor(async () =>
      expect((await replies(tokens)).map((row) => row.status)).toEqual(['complete', 'complete']),
    )
    // Two replies were generated and paid for, though one is on screen.
    const stored = await replies(tokens)
    const sum = (pick: (row: StoredReply) => number | null) =>
      stored.reduce((total, row) => total + (pick(row) ?? 0), 0)
    // Claude Haiku 4.5: $1 in, $5 out per million tokens.
    const cost = (sum((row) => row.promptTokens) + 5 * sum((row) => row.completionTokens)) / 1e6
    expect(
      await screen.findByText(
        `Conversation so far: ${formatTokens(sum((row) => row.totalTokens))} · ${formatCost(cost)}`,
      ),
    ).toBeInTheDocument()
  })

  test('Edit sends a new version of a sent message; the first branch stays, behind ‹ 1 / 2 ›', async () => {
    const { tokens } = await signedInWithKey()
    renderApp()
    await send('First question')
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2))
    await waitFor(() =>
      expect(screen.getAllByRole('article')[1]).not.toHaveAttribute('data-streaming'),
    )
    const question = screen.getByRole('article', { name: 'You message' })
    // Escape leaves the message as it was.
    await userEvent.click(within(question).getByRole('button', { name: 'Edit message' }))
    const box = await screen.findByRole('textbox', { name: 'Edit message' })
    expect(box).toHaveValue('First question')
    expect(box).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('textbox', { name: 'Edit message' })).toBeNull()
    expect(providerFakes().requests).toHaveLength(1)
    // Enter sends the edited text, after the messages before it (none here).
    await userEvent.click(within(question).getByRole('button', { name: 'Edit message' }))
    await userEvent.clear(await screen.findByRole('textbox', { name: 'Edit message' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Edit message' }), 'Second try{Enter}')
    await waitFor(() => expect(providerFakes().requests).toHaveLength(2))
    expect(JSON.stringify(providerFakes().requests[1]?.body)).toContain('Second try')
    expect(JSON.stringify(providerFakes().requests[1]?.body)).not.toContain('First question')
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'You message' })).toHaveTextContent('Second try'),
    )
    const versions = await screen.findByRole('group', { name: 'Versions' })
    expect(versions).toHaveTextContent('2 / 2')
    await waitFor(() =>
      expect(screen.getAllByRole('article')[1]).not.toHaveAttribute('data-streaming'),
    )
    // Both questions and both replies are stored.
    const rows = await restRows<{ role: string; content: string }>(
      tokens,
      'chat_messages',
      'select=role,content&order=created_at.asc',
    )
    expect(rows.filter((row) => row.role === 'user').map((row) => row.content)).toEqual([
      'First question',
      'Second try',
    ])
    expect(rows.filter((row) => row.role === 'assistant')).toHaveLength(2)
    // ‹ shows the first question again, with its own reply.
    await userEvent.click(within(versions).getByRole('button', { name: 'Previous version' }))
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'You message' })).toHaveTextContent(
        'First question',
      ),
    )
    expect(screen.getAllByRole('article')).toHaveLength(2)
    expect(screen.getByRole('group', { name: 'Versions' })).toHaveTextContent('1 / 2')
  })

  test('a failed turn keeps Not sent, its error and Retry after another send and a reload; Retry answers it', async () => {
    const { tokens } = await signedInWithKey()
    const first = renderApp()
    // The provider cannot be reached, once.
    mswServer.use(
      http.post('https://api.anthropic.com/v1/messages', () => HttpResponse.error(), {
        once: true,
      }),
    )
    await send('Are you there?')
    const failed = await screen.findByRole('article', { name: 'You message' })
    expect(await within(failed).findByText('Not sent')).toHaveAttribute('title', 'Failed to fetch')
    await waitFor(async () =>
      expect(await restRows(tokens, 'chat_messages', 'select=content,failure')).toEqual([
        { content: 'Are you there?', failure: 'Failed to fetch' },
      ]),
    )
    // Another question: the first keeps its mark.
    const input = await send('Something else')
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3))
    await waitFor(() => expect(input).toBeEnabled())
    expect(screen.getAllByRole('article', { name: 'You message' })[0]).toHaveTextContent('Not sent')
    first.actors.app.stop()
    first.unmount()

    // After a reload the mark, its error and Retry are still there; Retry answers the question.
    renderApp()
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3))
    const marked = screen.getAllByRole('article', { name: 'You message' })[0]!
    expect(within(marked).getByText('Not sent')).toHaveAttribute('title', 'Failed to fetch')
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
        'placeholder',
        'Message Claude Haiku 4.5...',
      ),
    )
    const before = providerFakes().requests.length
    await userEvent.click(within(marked).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(providerFakes().requests).toHaveLength(before + 1))
    // Asked with the question itself, nothing after it.
    const body = JSON.stringify(providerFakes().requests.at(-1)?.body)
    expect(body).toContain('Are you there?')
    expect(body).not.toContain('Something else')
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2))
    expect(screen.getAllByRole('article')[0]).not.toHaveTextContent('Not sent')
    const answered = await restRows<{ role: string; parentId: string | null }>(
      tokens,
      'chat_messages',
      'select=role,parent_id,content&order=created_at.asc',
    )
    expect(answered.filter((row) => row.role === 'assistant')).toHaveLength(2)
  })

  test("Manage API Keys shows this month's tokens and cost per provider", async () => {
    const { tokens, userId } = await signedInWithKey()
    const now = new Date().toISOString()
    const old = new Date(2020, 0, 15).toISOString()
    const row = (
      id: string,
      modelId: string,
      createdAt: string,
      prompt: number,
      completion: number,
    ) => ({
      id,
      user_id: userId,
      model_id: modelId,
      role: 'assistant',
      content: 'earlier reply',
      created_at: createdAt,
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
    })
    await restInsert(tokens, 'chat_messages', row('msg_1_assistant', 'gpt-5', now, 1000, 500))
    await restInsert(
      tokens,
      'chat_messages',
      row('msg_2_assistant', 'claude-haiku-4-5', now, 200, 100),
    )
    // Last month's and older replies are not counted.
    await restInsert(tokens, 'chat_messages', row('msg_3_assistant', 'gpt-5', old, 9000, 9000))
    renderApp()
    const input = await screen.findByRole('textbox', { name: 'Message' })
    await waitFor(() => expect(input).toHaveAttribute('placeholder', 'Message Claude Haiku 4.5...'))
    await userEvent.click(screen.getAllByRole('button', { name: 'Claude Haiku 4.5' })[0]!)
    const picker = await screen.findByRole('dialog', { name: 'Select AI Model' })
    await userEvent.click(within(picker).getByRole('button', { name: 'Manage API Keys' }))
    const keys = await screen.findByRole('dialog', { name: 'Manage API Keys' })
    const usage = within(keys).getByRole('region', { name: 'Usage this month' })
    await waitFor(() => expect(within(usage).getAllByRole('row')).toHaveLength(3))
    const lines = within(usage)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => [...tr.children].map((cell) => cell.textContent))
    // GPT-5: 1000 × $1.25 + 500 × $10 per million; Claude Haiku 4.5: 200 × $1 + 100 × $5.
    // Providers in the order the model list has them.
    expect(lines).toEqual([
      ['Anthropic', '300 tokens', '$0.0007'],
      ['OpenAI', '1,500 tokens', '$0.0063'],
    ])
  })

  test("a month's usage that cannot be read says so in the dialog; the rest still works", async () => {
    await signedInWithKey()
    // Only the usage read (the month's replies) fails; the chat's own reads go through.
    mswServer.use(
      http.get(`${TEST_ORIGIN}/api/db/prompt-chat/rest/v1/chat_messages`, ({ request }) =>
        new URL(request.url).searchParams.get('role') === 'eq.assistant'
          ? HttpResponse.json({ message: 'down' }, { status: 503 })
          : undefined,
      ),
    )
    renderApp()
    const input = await screen.findByRole('textbox', { name: 'Message' })
    await waitFor(() => expect(input).toHaveAttribute('placeholder', 'Message Claude Haiku 4.5...'))
    await userEvent.click(screen.getAllByRole('button', { name: 'Claude Haiku 4.5' })[0]!)
    const picker = await screen.findByRole('dialog', { name: 'Select AI Model' })
    await userEvent.click(within(picker).getByRole('button', { name: 'Manage API Keys' }))
    const keys = await screen.findByRole('dialog', { name: 'Manage API Keys' })
    const usage = within(keys).getByRole('region', { name: 'Usage this month' })
    expect(await within(usage).findByRole('alert')).toHaveTextContent(
      'Could not load this month’s usage',
    )
    expect(within(keys).getByLabelText('Anthropic API Key')).toBeEnabled()
  })
})
