import { describe, expect, it } from 'vitest'
import { type AnyActorRef, fromCallback } from 'xstate'
import type { ChatMessage } from '../../src/domain/chat-message'
import type { ModelServer } from '../../src/domain/server-models'
import { DEFAULT_STYLE_CONFIG, type StyleConfig } from '../../src/domain/style-config'
import { liveChangesMachine } from '../../src/machines/live-changes.machine'
import { settles, walkEveryTransition } from '../support/model-walk'
import { ALICE, REVIEWER, startApp } from './app-harness'
import { flush } from './prompt-fixtures'

// docs/product/live-sync.md: what another device changed reaches the actor that owns it,
// through the app machine, as the same report a change made here would be.

const CONVERSATION = {
  id: 'conv_1',
  userId: ALICE.id,
  title: 'Trip',
  createdAt: '2026-05-01T00:00:00.000Z',
  updatedAt: '2026-05-01T00:00:00.000Z',
}
const QUESTION: ChatMessage = {
  id: 'msg_1',
  userId: ALICE.id,
  modelId: 'gpt-5',
  role: 'user',
  content: 'Where to?',
  systemPromptId: null,
  conversationId: 'conv_1',
  parentId: null,
  createdAt: '2026-05-01T00:00:00.000Z',
}
const DRAFT: ChatMessage = {
  ...QUESTION,
  id: 'msg_2',
  role: 'assistant',
  content: 'Lis',
  parentId: 'msg_1',
  status: 'streaming',
  arriving: true,
}
const REPLY: ChatMessage = { ...DRAFT, content: 'Lisbon.', status: 'complete', arriving: undefined }

/** Signed in with the extras (and so the change feed) running. */
async function following(options: Parameters<typeof startApp>[0] = {}) {
  const harness = startApp({ restored: ALICE, ...options })
  await flush()
  harness.app.send({ type: 'extras.preload' })
  await flush()
  return harness
}

describe('live sync through the app machine', () => {
  it('a conversation started, renamed or deleted elsewhere shows in the list as it is now', async () => {
    const { children, changed } = await following()
    const listed = () => children().conversations?.getSnapshot().context.conversations
    changed({ type: 'conversation.changed', conversation: CONVERSATION })
    await flush()
    expect(listed()).toEqual([CONVERSATION])
    changed({ type: 'conversation.changed', conversation: { ...CONVERSATION, title: 'Lisbon' } })
    await flush()
    expect(listed()).toEqual([{ ...CONVERSATION, title: 'Lisbon' }])
    changed({ type: 'conversation.removed', conversationId: 'conv_1' })
    await flush()
    expect(listed()).toEqual([])
  })

  it('the open conversation deleted elsewhere gives way to a new chat', async () => {
    const { children, changed } = await following()
    const open = () => children().openConversation?.getSnapshot().context.conversationId
    children().openConversation?.send({ type: 'conversation.open', conversationId: 'conv_1' })
    await flush()
    expect(open()).toBe('conv_1')
    changed({ type: 'conversation.removed', conversationId: 'conv_1' })
    await flush()
    expect(open()).toBeNull()
  })

  it("a reply written on another device arrives in the open conversation, then settles; another conversation's rows stay out", async () => {
    const { children, changed } = await following()
    const shown = () => children().openConversation?.getSnapshot().context.messages
    children().openConversation?.send({ type: 'conversation.open', conversationId: 'conv_1' })
    await flush()
    changed({ type: 'message.changed', message: QUESTION })
    changed({ type: 'message.changed', message: DRAFT })
    await flush()
    expect(shown()).toEqual([QUESTION, DRAFT])
    changed({ type: 'message.changed', message: REPLY })
    // A draft written before the reply, arriving late, does not undo it.
    changed({ type: 'message.changed', message: DRAFT })
    changed({ type: 'message.changed', message: { ...QUESTION, id: 'x', conversationId: 'c2' } })
    await flush()
    expect(shown()).toEqual([QUESTION, REPLY])
    changed({ type: 'message.removed', messageId: 'msg_2' })
    await flush()
    expect(shown()).toEqual([QUESTION])
  })

  it('the files a question shows stay when the feed brings its row again (rows carry none)', async () => {
    const { app, children, changed } = await following()
    const withFile: ChatMessage = {
      ...QUESTION,
      attachments: [
        {
          id: 'a1',
          path: `${ALICE.id}/attachments/a1`,
          name: 'map.png',
          mediaType: 'image/png',
          kind: 'image',
          size: 10,
          width: 1,
          height: 1,
        },
      ],
    }
    children().openConversation?.send({ type: 'conversation.open', conversationId: 'conv_1' })
    await flush()
    app.send({ type: 'chat.rowShown', message: withFile, versionOf: null })
    changed({ type: 'message.changed', message: QUESTION })
    await flush()
    expect(children().openConversation?.getSnapshot().context.messages).toEqual([withFile])
  })

  it('a prompt changed elsewhere reloads the library and the quick prompts; the active one is read again', async () => {
    const { app, calls, changed } = await following({ active: null })
    app.send({ type: 'library.open' })
    await flush()
    const before = { ...calls }
    changed({ type: 'prompt.changed', promptId: 'p9', active: false })
    await flush()
    expect(calls.libraryLoads).toBe(before.libraryLoads + 1)
    expect(calls.quickLoads).toBe(before.quickLoads + 1)
    // Not the active prompt, and not made active: the active one is not read again.
    expect(calls.activeLoads).toBe(before.activeLoads)
    changed({ type: 'prompt.changed', promptId: REVIEWER.id, active: true })
    await flush()
    expect(calls.activeLoads).toBe(before.activeLoads + 1)
    changed({ type: 'quickPrompts.changed' })
    await flush()
    expect(calls.quickLoads).toBe(before.quickLoads + 3)
  })

  it('prompt changes missed while away are read again; a table the app shows nothing of is not', async () => {
    const { calls, changed } = await following()
    const before = { ...calls }
    changed({ type: 'changes.missed', table: 'chat_messages' })
    await flush()
    expect(calls).toEqual(before)
    changed({ type: 'changes.missed', table: 'prompts' })
    await flush()
    expect(calls.quickLoads).toBe(before.quickLoads + 1)
    expect(calls.activeLoads).toBe(before.activeLoads + 1)
  })

  it('a model server changed elsewhere reads the models again, keeping the model picked', async () => {
    const { children, calls, changed } = await following()
    const before = calls.modelLoads
    const picked = children().models?.getSnapshot().context.selectedModelId
    changed({ type: 'servers.changed' })
    await flush()
    expect(calls.modelLoads).toBe(before + 1)
    expect(children().models?.getSnapshot().context.selectedModelId).toBe(picked)
    changed({ type: 'changes.missed', table: 'model_servers' })
    await flush()
    expect(calls.modelLoads).toBe(before + 2)
  })

  it('keys and servers saved elsewhere reach the open Manage API Keys dialog', async () => {
    let savedKeys = {}
    let servers: ModelServer[] = []
    const { children, changed } = await following({
      savedKeys: () => savedKeys,
      servers: () => servers,
    })
    const models = children().models!
    models.send({ type: 'keys.open' })
    await flush()
    const dialog = () => models.getSnapshot().children as Record<string, AnyActorRef | undefined>
    expect(dialog().apiKeys?.getSnapshot().context.saved.anthropic).toBe(false)
    savedKeys = { anthropic: 'sk-ant-phone' }
    servers = [{ id: 's1', name: 'Ollama', baseUrl: 'http://localhost:11434', hasKey: false }]
    changed({ type: 'keys.changed' })
    changed({ type: 'servers.changed' })
    await flush()
    expect(dialog().apiKeys?.getSnapshot().context.saved.anthropic).toBe(true)
    expect(dialog().apiKeys?.getSnapshot().context.drafts.anthropic).toBe('sk-ant-phone')
    expect(
      dialog()
        .modelServers?.getSnapshot()
        .context.servers.map((s: ModelServer) => s.name),
    ).toEqual(['Ollama'])
    // Missed while away: read again too.
    savedKeys = {}
    changed({ type: 'changes.missed', table: 'user_api_keys' })
    await flush()
    expect(dialog().apiKeys?.getSnapshot().context.saved.anthropic).toBe(false)
  })

  it('stops following at sign-out', async () => {
    const { signOut, changed } = await following()
    signOut()
    await flush()
    expect(() => changed({ type: 'quickPrompts.changed' })).toThrow(/not followed/)
  })
})

describe('the style kept with the account (docs/product/live-sync.md#the-style)', () => {
  const TEAL = { ...DEFAULT_STYLE_CONFIG, primaryColor: '#0B8177', theme: 'light' as const }
  const style = (harness: ReturnType<typeof startApp>) =>
    harness.children().style?.getSnapshot().context

  it("a new device shows the account's style once signed in", async () => {
    const harness = await following({ accountStyle: TEAL })
    expect(style(harness)?.saved).toEqual(TEAL)
    expect(style(harness)?.draft).toEqual(TEAL)
    // What the account already has is not written back.
    expect(harness.calls.keptStyles).toEqual([])
  })

  it('Save Changes, Reset to Defaults and the theme toggle are kept with the account, in order', async () => {
    const harness = await following()
    const editor = harness.children().style
    editor?.send({ type: 'editor.open' })
    editor?.send({ type: 'editor.edit', patch: { primaryColor: '#0B8177' } })
    editor?.send({ type: 'editor.save' })
    editor?.send({ type: 'theme.toggle' })
    await flush()
    editor?.send({ type: 'editor.open' })
    editor?.send({ type: 'editor.reset' })
    await flush()
    expect(harness.calls.keptStyles).toEqual([
      { ...DEFAULT_STYLE_CONFIG, primaryColor: '#0B8177' },
      { ...DEFAULT_STYLE_CONFIG, primaryColor: '#0B8177', theme: 'light' },
      DEFAULT_STYLE_CONFIG,
    ])
  })

  it("a style saved before the feed's code has come is kept with the account, not replaced by the account's older one", async () => {
    const harness = startApp({ restored: ALICE, accountStyle: TEAL })
    await flush()
    const editor = harness.children().style
    editor?.send({ type: 'editor.open' })
    editor?.send({ type: 'editor.reset' })
    await flush()
    expect(harness.calls.keptStyles).toEqual([])
    harness.app.send({ type: 'extras.preload' })
    await flush()
    expect(style(harness)?.saved).toEqual(DEFAULT_STYLE_CONFIG)
    expect(harness.calls.keptStyles).toEqual([DEFAULT_STYLE_CONFIG])
  })

  it("a style saved while the account's is being read wins over it", async () => {
    let answer: (config: StyleConfig) => void = () => {}
    const accountStyle = new Promise<StyleConfig>((resolve) => {
      answer = resolve
    })
    const harness = await following({ accountStyle })
    const editor = harness.children().style
    editor?.send({ type: 'editor.open' })
    editor?.send({ type: 'editor.edit', patch: { fontSize: 'large' } })
    editor?.send({ type: 'editor.save' })
    answer(TEAL)
    await flush()
    expect(style(harness)?.saved).toEqual({ ...DEFAULT_STYLE_CONFIG, fontSize: 'large' })
    expect(harness.calls.keptStyles).toEqual([{ ...DEFAULT_STYLE_CONFIG, fontSize: 'large' }])
  })

  it('a style saved on another device shows here; while the editor is open it waits behind the edit', async () => {
    const harness = await following()
    harness.changed({ type: 'style.changed', config: TEAL })
    await flush()
    expect(style(harness)?.draft).toEqual(TEAL)
    const editor = harness.children().style
    editor?.send({ type: 'editor.open' })
    editor?.send({ type: 'editor.edit', patch: { fontSize: 'large' } })
    harness.changed({ type: 'style.changed', config: DEFAULT_STYLE_CONFIG })
    await flush()
    expect(style(harness)?.draft).toEqual({ ...TEAL, fontSize: 'large' })
    editor?.send({ type: 'editor.cancel' })
    expect(style(harness)?.draft).toEqual(DEFAULT_STYLE_CONFIG)
  })

  it("what of the account's style this app cannot show is left out", async () => {
    const harness = await following({
      accountStyle: { primaryColor: '#0B8177', fontSize: 'huge', fontFamily: 'x;}' } as never,
    })
    expect(style(harness)?.draft).toEqual({ ...DEFAULT_STYLE_CONFIG, primaryColor: '#0B8177' })
  })

  it('signed out, the theme toggle is kept in this browser only', async () => {
    const harness = startApp()
    await flush()
    harness.children().style?.send({ type: 'theme.toggle' })
    await flush()
    expect(style(harness)?.saved.theme).toBe('light')
    expect(harness.calls.keptStyles).toEqual([])
  })
})

describe('live changes machine model', () => {
  it('walks every declared transition on a real actor', async () => {
    const { missing } = await walkEveryTransition({
      machine: liveChangesMachine,
      events: [
        { type: 'prompt.changed', promptId: 'p1', active: false },
        { type: 'quickPrompts.changed' },
        { type: 'conversation.changed', conversation: CONVERSATION },
        { type: 'conversation.removed', conversationId: 'conv_1' },
        { type: 'message.changed', message: QUESTION },
        { type: 'message.removed', messageId: 'msg_1' },
        { type: 'changes.missed', table: 'prompts' },
        { type: 'changes.missed', table: 'conversations' },
        { type: 'servers.changed' },
        { type: 'changes.missed', table: 'model_servers' },
        { type: 'keys.changed' },
        { type: 'changes.missed', table: 'user_api_keys' },
        { type: 'style.changed', config: DEFAULT_STYLE_CONFIG },
        { type: 'style.saved', config: DEFAULT_STYLE_CONFIG },
        ...settles('read account style', DEFAULT_STYLE_CONFIG),
        { type: 'xstate.done.actor.read account style', output: null },
        ...settles('keep account style'),
      ],
      deferredActors: ['read account style', 'keep account style'],
      fixedActors: { 'follow changes': fromCallback(() => {}) },
      noopActions: [
        'report prompts changed',
        'report prompt changed',
        'report conversation found',
        'report conversation deleted',
        'report row shown',
        'report row hidden',
        'report servers changed',
        'report keys changed',
        'report style synced',
        'log error',
      ],
      serialize: ({ value, context }) => JSON.stringify([value, context.pendingStyle !== null]),
      tags: [],
    })
    expect(missing).toEqual([])
  })
})
