import { describe, expect, it } from 'vitest'
import { createMachine } from 'xstate'
import { buildShareLink } from '../../src/domain/share-link-builder'
import { DEFAULT_STYLE_CONFIG } from '../../src/domain/style-config'
import { appMachine, SESSION_ACTORS } from '../../src/machines/app.machine'
import { QUICK_SEND_DELAY_MS } from '../../src/machines/quick-prompts.machine'
import { type ModelEvent, settles, walkEveryTransition } from '../support/model-walk'
import { ALICE, BOB, PAGE_ORIGIN, REVIEWER, startApp } from './app-harness'
import { flush, libraryPrompt } from './prompt-fixtures'

const ACTIVE = { id: REVIEWER.id, title: REVIEWER.title, content: REVIEWER.content }
const CONVERSATION = {
  id: 'conv_1',
  userId: ALICE.id,
  title: 'Hello',
  createdAt: '2026-05-01T00:00:00.000Z',
  updatedAt: '2026-05-01T00:00:00.000Z',
}
const QUESTION = {
  id: 'msg_1_user',
  userId: ALICE.id,
  modelId: 'gpt-5',
  role: 'user' as const,
  content: 'Hello',
  systemPromptId: null,
  conversationId: 'conv_1',
  createdAt: '2026-05-01T00:00:00.000Z',
}
const ANSWER = { ...QUESTION, id: 'msg_2_assistant', role: 'assistant' as const, content: 'Hi' }
/** The actors that live as long as the page. */
const APP_WIDE = ['auth', 'extensionBridge', 'sharedPrompt', 'style']

/** Starts the app with Alice's stored session restored, and waits for her session. */
async function signedIn(options: Parameters<typeof startApp>[0] = {}) {
  const harness = startApp({ restored: ALICE, ...options })
  await flush()
  expect(harness.app.getSnapshot().hasTag('session')).toBe(true)
  return harness
}

/** The actors that start when their code has come after the first paint: the extras. */
const EXTRAS: readonly string[] = [
  'library',
  'quickPrompts',
  'picker',
  'search',
  'organise',
  'usage',
  'installExtension',
  'attachments',
  'previews',
  'live',
]
/** Every session actor but the extras. */
const STARTED_AT_SIGN_IN = SESSION_ACTORS.filter((id) => !EXTRAS.includes(id)).sort()

describe('app machine: sessions', () => {
  it('starts auth, style, the shared prompt and the extension bridge at once, and no session actor before sign-in', async () => {
    const { children, session, app } = startApp()
    await flush()
    expect(Object.keys(children()).sort()).toEqual(APP_WIDE)
    expect(app.system.get('extensionBridge')).toBe(children().extensionBridge)
    expect(session()).toEqual({})
  })

  it('signing in starts every session actor and starts the chat and activation sessions', async () => {
    const { session, calls, children } = await signedIn()
    expect(Object.keys(session()).sort()).toEqual(STARTED_AT_SIGN_IN)
    expect(children().turn?.getSnapshot().context.userId).toBe(ALICE.id)
    expect(children().openConversation?.getSnapshot().context.userId).toBe(ALICE.id)
    expect(calls.activeLoads).toBe(1)
  })

  it("starts the session's actors only once their code has loaded, showing loading until then", async () => {
    let arrive = () => {}
    const { app, session } = startApp({
      restored: ALICE,
      loadSession: () => new Promise<void>((resolve) => (arrive = resolve)),
    })
    await flush()
    expect(app.getSnapshot().value).toEqual({ signedIn: 'loading' })
    expect(app.getSnapshot().hasTag('session')).toBe(false)
    expect(session()).toEqual({})
    arrive()
    await flush()
    expect(app.getSnapshot().hasTag('session')).toBe(true)
    expect(Object.keys(session()).sort()).toEqual(STARTED_AT_SIGN_IN)
  })

  it('says the session is unavailable when its code fails to arrive, and sign-out still leaves it', async () => {
    const { app, session, signOut } = startApp({
      restored: ALICE,
      loadSession: () =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    })
    await flush()
    expect(app.getSnapshot().hasTag('sessionUnavailable')).toBe(true)
    expect(session()).toEqual({})
    signOut()
    expect(app.getSnapshot().value).toBe('signedOut')
    expect(app.getSnapshot().hasTag('sessionUnavailable')).toBe(false)
  })

  it('the library starts when its code has come: idle, it starts closed; asked, it opens; a failed load is tried again', async () => {
    const idle = await signedIn()
    expect(idle.session().library).toBeUndefined()
    idle.app.send({ type: 'extras.preload' })
    await flush()
    expect(idle.children().library?.getSnapshot().hasTag('open')).toBe(false)
    idle.app.send({ type: 'library.open' })
    expect(idle.children().library?.getSnapshot().hasTag('open')).toBe(true)

    let loads = 0
    const flaky = startApp({
      restored: ALICE,
      loadExtras: async () => {
        if (++loads === 1) throw new TypeError('Failed to fetch dynamically imported module')
      },
    })
    await flush()
    flaky.app.send({ type: 'library.open' })
    await flush()
    expect(flaky.session().library).toBeUndefined()
    flaky.app.send({ type: 'library.open' })
    await flush()
    expect(loads).toBe(2)
    expect(flaky.children().library?.getSnapshot().hasTag('open')).toBe(true)
  })

  it('search starts with the library: Ctrl+K before their code has come opens it once it has', async () => {
    let arrive = () => {}
    const harness = startApp({
      restored: ALICE,
      loadExtras: () => new Promise<void>((resolve) => (arrive = resolve)),
    })
    await flush()
    expect(harness.session().search).toBeUndefined()
    harness.app.send({ type: 'search.open' })
    await flush()
    expect(harness.session().search).toBeUndefined()
    arrive()
    await flush()
    expect(harness.children().search?.getSnapshot().matches('open')).toBe(true)
    // The library came with it, closed.
    expect(harness.children().library?.getSnapshot().hasTag('open')).toBe(false)
    harness.children().search?.send({ type: 'search.close' })
    harness.app.send({ type: 'search.open' })
    expect(harness.children().search?.getSnapshot().matches('open')).toBe(true)
  })

  it('sign-out stops every session actor', async () => {
    const { session, signOut, app, children } = await signedIn()
    const running = Object.values(session())
    signOut()
    expect(app.getSnapshot().hasTag('session')).toBe(false)
    expect(session()).toEqual({})
    for (const actor of running) expect(actor?.getSnapshot().status).toBe('stopped')
    // The app-wide actors stay.
    expect(Object.keys(children()).sort()).toEqual(APP_WIDE)
  })

  it('sign-out closes the style editor, reverting its draft, and the install dialog', async () => {
    const harness = await signedIn()
    const { style } = harness.children()
    style?.send({ type: 'editor.open' })
    style?.send({ type: 'editor.edit', patch: { primaryColor: '#DC2626' } })
    // The header's button asks the app machine, which loads the dialog's code first.
    harness.app.send({ type: 'install.open' })
    await flush()
    const { installExtension } = harness.children()
    expect(installExtension?.getSnapshot().hasTag('open')).toBe(true)
    harness.signOut()
    expect(style?.getSnapshot().hasTag('editing')).toBe(false)
    expect(style?.getSnapshot().context.draft.primaryColor).toBe('#6366F1')
    // The dialog is the session's: it stops with it, and the next session's starts closed.
    expect(installExtension?.getSnapshot().status).toBe('stopped')
    harness.signIn(ALICE)
    await flush()
    harness.app.send({ type: 'extras.preload' })
    await flush()
    expect(harness.children().installExtension?.getSnapshot().hasTag('open')).toBe(false)
  })

  it('a second sign-in gets fresh actors with no state left over', async () => {
    const harness = await signedIn()
    harness.children().turn?.send({ type: 'input.change', value: 'a draft' })
    harness.app.send({ type: 'library.open' })
    harness.children().quickPrompts?.send({ type: 'quick.open' })
    await flush()
    const first = harness.session()
    expect(first.library?.getSnapshot().hasTag('open')).toBe(true)
    harness.signOut()
    harness.signIn(BOB)
    await flush()
    const second = harness.session()
    // The library starts when it first opens, in each session.
    expect(second.library).toBeUndefined()
    harness.app.send({ type: 'library.open' })
    await flush()
    for (const id of SESSION_ACTORS) {
      expect(harness.session()[id], id).toBeDefined()
      expect(harness.session()[id], id).not.toBe(first[id])
    }
    const { turn, openConversation, library, quickPrompts } = harness.children()
    expect(turn?.getSnapshot().context).toMatchObject({ userId: BOB.id, input: '' })
    expect(openConversation?.getSnapshot().context).toMatchObject({ userId: BOB.id, messages: [] })
    expect(library?.getSnapshot().hasTag('open')).toBe(true)
    expect(library?.getSnapshot().context.tab).toBe('public')
    expect(quickPrompts?.getSnapshot().hasTag('open')).toBe(false)
  })

  it('a parent switching accounts ends one session and starts the next', async () => {
    const harness = await signedIn()
    const firstTurn = harness.children().turn
    harness.signIn(BOB)
    await flush()
    expect(firstTurn?.getSnapshot().status).toBe('stopped')
    expect(harness.children().turn?.getSnapshot().context.userId).toBe(BOB.id)
  })
})

describe('app machine: routes between the actors', () => {
  it('activation fans out: the chat gets the prompt, the library and quick prompts reload', async () => {
    const { app, children, calls } = await signedIn()
    app.send({ type: 'library.open' })
    await flush()
    const before = { library: calls.libraryLoads, quick: calls.quickLoads }
    const toggle = { ...ACTIVE, type: 'system' as const, isActive: false }
    children().activation?.send({ type: 'prompt.toggleActive', prompt: toggle })
    await flush()
    expect(children().turn?.getSnapshot().context.systemPrompt).toEqual(ACTIVE)
    expect(calls.libraryLoads).toBe(before.library + 1)
    expect(calls.quickLoads).toBe(before.quick + 1)
  })

  it('the active prompt loaded at sign-in reaches the chat', async () => {
    const { children } = await signedIn({ active: ACTIVE })
    expect(children().turn?.getSnapshot().context.systemPrompt).toEqual(ACTIVE)
  })

  it('a quick-prompt run fills the chat input and sends it after 100 ms', async () => {
    const { app, children, clock, calls } = await signedIn()
    const prompt = libraryPrompt({ content: 'Translate to French' })
    app.send({ type: 'quick.open' })
    await flush()
    children().quickPrompts?.send({ type: 'quick.run', prompt })
    expect(children().turn?.getSnapshot().context.input).toBe('Translate to French')
    clock.increment(QUICK_SEND_DELAY_MS - 1)
    expect(calls.saved).toEqual([])
    clock.increment(1)
    await flush()
    expect(calls.saved.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Translate to French'],
      ['assistant', 'ok'],
    ])
  })

  it('a send goes through the open conversation to the turn; its rows show in the open conversation', async () => {
    const { children, calls } = await signedIn()
    const shown = () =>
      children()
        .openConversation?.getSnapshot()
        .context.messages.map((m) => [m.role, m.content])
    children().openConversation?.send({ type: 'conversation.open', conversationId: null })
    await flush()
    children().turn?.send({ type: 'input.change', value: 'Hello there' })
    children().openConversation?.send({ type: 'message.send' })
    await flush()
    expect(calls.saved.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Hello there'],
      ['assistant', 'ok'],
    ])
    // The first message started a conversation; the open conversation is now that one.
    const started = calls.saved[0]?.conversationId
    expect(started).toMatch(/^conv_/)
    expect(children().openConversation?.getSnapshot().context.conversationId).toBe(started)
    expect(shown()).toEqual([
      ['user', 'Hello there'],
      ['assistant', 'ok'],
    ])
    // Regenerate: the open conversation hands the turn its last reply; it is replaced in place.
    children().openConversation?.send({ type: 'message.regenerate' })
    await flush()
    expect(calls.saved.at(-1)).toMatchObject({ id: calls.saved[1]?.id, role: 'assistant' })
    expect(shown()).toEqual([
      ['user', 'Hello there'],
      ['assistant', 'ok'],
    ])
  })

  it("the open conversation's model reaches the models actor, and through it the turn", async () => {
    const { app, children } = await signedIn()
    app.send({ type: 'conversation.modelUsed', modelId: 'gpt-5' })
    expect(children().models?.getSnapshot().context.selectedModelId).toBe('gpt-5')
    expect(children().turn?.getSnapshot().context.modelId).toBe('gpt-5')
  })

  it('a library run fills the chat input without sending', async () => {
    const { app, children, calls } = await signedIn()
    app.send({ type: 'library.open' })
    await flush()
    children().library?.send({ type: 'prompt.run', prompt: libraryPrompt() })
    expect(children().turn?.getSnapshot().context.input).toBe('Summarise this text')
    await flush()
    expect(calls.saved).toEqual([])
  })

  it("the models actor's first choice, then a pick, reach the chat", async () => {
    const { children } = await signedIn()
    expect(children().models?.getSnapshot().context.selectedModelId).toBe('gpt-5')
    expect(children().turn?.getSnapshot().context.modelId).toBe('gpt-5')
    children().models?.send({ type: 'picker.open' })
    children().models?.send({ type: 'model.pick', modelId: 'claude-haiku-4-5' })
    expect(children().turn?.getSnapshot().context.modelId).toBe('claude-haiku-4-5')
  })

  it('deleting the active prompt makes the activation re-read it', async () => {
    const { app, children, calls } = await signedIn({ active: ACTIVE })
    app.send({ type: 'library.open' })
    await flush()
    const before = calls.activeLoads
    children().library?.send({ type: 'prompt.delete', prompt: libraryPrompt() })
    await flush()
    expect(calls.activeLoads).toBe(before) // p1 is not the active prompt
    children().library?.send({ type: 'prompt.delete', prompt: REVIEWER })
    await flush()
    expect(calls.activeLoads).toBe(before + 1)
  })

  it('a shared prompt added to the library refreshes the lists', async () => {
    const href = buildShareLink('https://chat.example.com', libraryPrompt())
    const { app, children, calls } = await signedIn({ href })
    app.send({ type: 'library.open' })
    await flush()
    const before = { library: calls.libraryLoads, quick: calls.quickLoads }
    children().sharedPrompt?.send({ type: 'shared.add' })
    await flush()
    expect(calls.libraryLoads).toBe(before.library + 1)
    expect(calls.quickLoads).toBe(before.quick + 1)
  })

  it('the list tells the open conversation its latest at the start, and a deletion', async () => {
    const { app, children } = await signedIn()
    const open = () => children().openConversation?.getSnapshot().context.conversationId
    // The harness's list is empty: the start is a new chat.
    expect(children().openConversation?.getSnapshot().matches('loaded')).toBe(true)
    expect(open()).toBeNull()
    children().openConversation?.send({ type: 'conversation.open', conversationId: 'conv_1' })
    app.send({ type: 'conversation.deleted', conversationId: 'conv_1' })
    await flush()
    expect(open()).toBeNull()
  })

  it("the turn's new conversation, its activity and a linked one found reach the conversations list", async () => {
    const { app, children } = await signedIn()
    const conversations = () => children().conversations?.getSnapshot().context.conversations
    const open = () => children().openConversation?.getSnapshot().context.conversationId
    expect(conversations()).toEqual([])
    app.send({ type: 'chat.conversationStarting', conversationId: 'conv_1' })
    expect(open()).toBe('conv_1')
    app.send({ type: 'chat.conversationStarted', conversation: CONVERSATION })
    expect(conversations()).toEqual([CONVERSATION])
    const at = '2026-05-03T00:00:00.000Z'
    app.send({ type: 'chat.conversationActivity', conversationId: 'conv_1', at })
    expect(conversations()).toEqual([{ ...CONVERSATION, updatedAt: at }])
    const older = { ...CONVERSATION, id: 'conv_0', updatedAt: '2026-01-01T00:00:00.000Z' }
    app.send({ type: 'conversation.found', conversation: older })
    expect(conversations()?.map((c) => c.id)).toEqual(['conv_1', 'conv_0'])
  })

  it("a compared question and the comparison's pick reach the open conversation", async () => {
    const { app, children } = await signedIn()
    const open = () => children().openConversation?.getSnapshot()
    children().openConversation?.send({ type: 'conversation.open', conversationId: 'conv_1' })
    await flush()
    app.send({ type: 'chat.rowShown', message: QUESTION, versionOf: null, compared: true })
    expect(open()?.context.comparison).toEqual({ questionId: QUESTION.id, endedAt: null })
    // A column's reply the change feed brings stays in its column.
    app.send({
      type: 'chat.rowShown',
      message: { ...ANSWER, parentId: QUESTION.id },
      versionOf: null,
    })
    expect(open()?.context.messages.map((m) => m.id)).toEqual([QUESTION.id])
    const at = '2026-05-01T00:01:00.000Z'
    app.send({ type: 'chat.replyPicked', conversationId: 'conv_1', messageId: ANSWER.id, at })
    // Its branch opens (the harness reads none).
    expect(open()?.hasTag('loadingHistory')).toBe(true)
    expect(open()?.context.comparison).toEqual({ questionId: QUESTION.id, endedAt: at })
  })

  it('Compare again on a sent message reaches the turn with what came before it and the reply it had', async () => {
    const { app, children } = await signedIn()
    const open = () => children().openConversation?.getSnapshot()
    children().openConversation?.send({ type: 'conversation.open', conversationId: 'conv_1' })
    await flush()
    const next = { ...QUESTION, id: 'msg_3_user', parentId: ANSWER.id }
    for (const message of [QUESTION, ANSWER, next])
      app.send({ type: 'chat.rowShown', message, versionOf: null })
    expect(open()?.context.messages.map((m) => m.id)).toEqual([QUESTION.id, ANSWER.id, next.id])
    children().openConversation?.send({
      type: 'message.answer',
      messageId: QUESTION.id,
      modelIds: ['gpt-5', 'claude-haiku-4-5'],
    })
    await flush()
    const turn = children().turn?.getSnapshot()
    expect(turn?.hasTag('comparing')).toBe(true)
    expect(turn?.context.pending).toMatchObject({
      message: { id: QUESTION.id },
      replaces: { id: ANSWER.id },
      compareWith: ['gpt-5', 'claude-haiku-4-5'],
      turns: [{ role: 'user', content: 'Hello' }],
    })
    // The question ends the conversation on screen: its columns come under it.
    expect(open()?.context.messages.map((m) => m.id)).toEqual([QUESTION.id])
    expect(open()?.context.comparison).toEqual({ questionId: QUESTION.id, endedAt: null })
  })

  it('a conversation the organiser pins reaches the conversations list as it is now', async () => {
    const { app, children } = await signedIn()
    const conversations = () => children().conversations?.getSnapshot().context.conversations
    app.send({ type: 'chat.conversationStarted', conversation: CONVERSATION })
    app.send({ type: 'extras.preload' })
    await flush()
    const organise = children().organise
    organise?.send({ type: 'conversation.pin', conversation: CONVERSATION, pinned: true })
    await flush()
    expect(conversations()).toEqual([{ ...CONVERSATION, pinned: true }])
  })
})

it('a search result opens: a conversation at its message, a prompt in the library on its tab', async () => {
  const { app, children } = await signedIn()
  app.send({
    type: 'search.chosen',
    result: {
      kind: 'conversation',
      id: 'conv_7',
      messageId: 'msg_3',
      title: 'Trip',
      snippet: '',
      at: '2026-05-01T00:00:00.000Z',
    },
  })
  expect(children().openConversation?.getSnapshot().context).toMatchObject({
    conversationId: 'conv_7',
    sought: 'msg_3',
  })
  const prompt = {
    kind: 'prompt' as const,
    id: 'p1',
    title: 'Lisbon guide',
    snippet: '',
    promptType: 'system' as const,
    at: '2026-05-01T00:00:00.000Z',
  }
  // Its code loads first: the library opens on the tab once it starts.
  app.send({ type: 'search.chosen', result: { ...prompt, own: false } })
  await flush()
  const library = () => children().library?.getSnapshot()
  expect(library()?.hasTag('open')).toBe(true)
  expect(library()?.context).toMatchObject({ tab: 'public', search: 'Lisbon guide' })
  children().library?.send({ type: 'library.close' })
  app.send({ type: 'search.chosen', result: { ...prompt, title: 'Mine', own: true } })
  expect(library()?.context).toMatchObject({ tab: 'mine', search: 'Mine' })
})

describe('app machine: the extension bridge', () => {
  it('hears who is signed in through the app: GET_USER_DATA answers Alice, then nobody', async () => {
    const harness = await signedIn()
    harness.postMessage({ type: 'GET_USER_DATA' })
    expect(harness.calls.replies).toEqual([
      { message: { type: 'USER_DATA', user: ALICE }, targetOrigin: PAGE_ORIGIN },
    ])
    harness.signOut()
    harness.postMessage({ type: 'GET_USER_DATA' })
    expect(harness.calls.replies.at(-1)?.message).toEqual({ type: 'NO_USER' })
  })

  it('UPDATE_SYSTEM_PROMPT goes through the activation; its outcome comes back as the reply', async () => {
    const { children, calls, postMessage } = await signedIn()
    postMessage({ type: 'UPDATE_SYSTEM_PROMPT', userId: ALICE.id, promptId: 's1', isActive: true })
    await flush()
    expect(calls.toggles).toEqual(['on s1'])
    // The same fan-out as the prompt's own button: the chat has the prompt now.
    expect(children().turn?.getSnapshot().context.systemPrompt).toEqual(ACTIVE)
    expect(calls.replies).toEqual([
      {
        message: { type: 'SYSTEM_PROMPT_UPDATED', promptId: 's1', isActive: true },
        targetOrigin: PAGE_ORIGIN,
      },
    ])
    postMessage({ type: 'UPDATE_SYSTEM_PROMPT', userId: ALICE.id, promptId: 's1', isActive: false })
    await flush()
    expect(calls.toggles).toEqual(['on s1', 'off s1'])
    expect(children().turn?.getSnapshot().context.systemPrompt).toBeNull()
    expect(calls.replies.at(-1)?.message).toEqual({
      type: 'SYSTEM_PROMPT_UPDATED',
      promptId: 's1',
      isActive: false,
    })
  })

  it("UPDATE_SYSTEM_PROMPT while the session's code loads is answered once it has arrived", async () => {
    let arrive = () => {}
    const { app, calls, postMessage } = startApp({
      restored: ALICE,
      loadSession: () => new Promise<void>((resolve) => (arrive = resolve)),
    })
    await flush()
    expect(app.getSnapshot().value).toEqual({ signedIn: 'loading' })
    postMessage({ type: 'UPDATE_SYSTEM_PROMPT', userId: ALICE.id, promptId: 's1', isActive: true })
    await flush()
    expect(calls.toggles).toEqual([])
    arrive()
    await flush()
    expect(calls.toggles).toEqual(['on s1'])
    expect(calls.replies).toEqual([
      {
        message: { type: 'SYSTEM_PROMPT_UPDATED', promptId: 's1', isActive: true },
        targetOrigin: PAGE_ORIGIN,
      },
    ])
    expect(app.getSnapshot().context.heldActivation).toBeNull()
  })

  it('an update for another user, or an unknown prompt, reaches no activation and gets no answer', async () => {
    const { calls, postMessage } = await signedIn()
    postMessage({ type: 'UPDATE_SYSTEM_PROMPT', userId: BOB.id, promptId: 's1', isActive: true })
    postMessage({
      type: 'UPDATE_SYSTEM_PROMPT',
      userId: ALICE.id,
      promptId: 'nope',
      isActive: true,
    })
    await flush()
    expect(calls.toggles).toEqual([])
    expect(calls.replies).toEqual([])
  })
})

// ---------------------------------------------------------------------------------------------
// Model-based test: every transition of the app machine walked on a real actor.

/** Stands in for any child: takes every event, says nothing. */
const silent = createMachine({})
const authSays = (userId: string | null) => ({
  type: 'xstate.snapshot.auth',
  snapshot: {
    hasTag: (tag: string) => tag === 'signedIn' && userId !== null,
    context: { user: userId ? { id: userId } : null },
  },
})
const MODEL_EVENTS: ModelEvent[] = [
  authSays(ALICE.id),
  authSays(BOB.id),
  authSays(null),
  ...settles('load session'),
  ...settles('load shared page'),
  { type: 'activePrompt.changed', prompt: ACTIVE },
  { type: 'prompts.changed' },
  { type: 'prompt.changed', promptId: 's1' },
  { type: 'servers.changed' },
  { type: 'keys.changed' },
  { type: 'style.saved', config: DEFAULT_STYLE_CONFIG },
  { type: 'style.synced', config: DEFAULT_STYLE_CONFIG },
  { type: 'chat.fill', content: 'Hello' },
  { type: 'chat.submit' },
  { type: 'attachments.add', files: [] },
  { type: 'attachments.changed', attachments: [], busy: false },
  { type: 'chat.attachmentsSent' },
  { type: 'chat.send', conversationId: 'conv_1', earlier: [], parentId: null },
  {
    type: 'chat.regenerate',
    question: QUESTION,
    reply: ANSWER,
    conversationId: 'conv_1',
    earlier: [],
    parentId: null,
  },
  {
    type: 'chat.answer',
    question: QUESTION,
    conversationId: 'conv_1',
    earlier: [],
    parentId: null,
  },
  {
    type: 'chat.edit',
    message: QUESTION,
    text: 'Again',
    conversationId: 'conv_1',
    earlier: [],
    parentId: null,
  },
  { type: 'chat.rowShown', message: QUESTION, versionOf: null },
  { type: 'conversation.modelUsed', modelId: 'gpt-5' },
  { type: 'chat.rowHidden', messageId: QUESTION.id },
  { type: 'chat.rowShown', message: QUESTION, versionOf: null, compared: true },
  {
    type: 'chat.replyPicked',
    conversationId: 'conv_1',
    messageId: ANSWER.id,
    at: '2026-05-01T00:01:00.000Z',
  },
  { type: 'model.chosen', modelId: 'gpt-5' },
  { type: 'conversation.shown', conversationId: 'conv_1' },
  { type: 'extension.setActive', prompt: ACTIVE, isActive: true },
  { type: 'activation.settled', promptId: 's1', isActive: true, ok: true },
  { type: 'conversations.listed', conversationId: 'conv_1' },
  { type: 'conversation.deleted', conversationId: 'conv_1' },
  {
    type: 'conversation.found',
    conversation: {
      id: 'conv_0',
      userId: 'user_a',
      title: 'Older',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
  },
  { type: 'chat.conversationStarting', conversationId: 'conv_1' },
  { type: 'chat.conversationStarted', conversation: CONVERSATION },
  { type: 'chat.conversationActivity', conversationId: 'conv_1', at: '2026-05-02T00:00:00.000Z' },
  { type: 'extras.preload' },
  { type: 'library.open' },
  { type: 'library.open', find: { tab: 'mine', search: 'Reviewer' } },
  { type: 'search.open' },
  { type: 'quick.open' },
  { type: 'install.open' },
  {
    type: 'search.chosen',
    result: {
      kind: 'conversation',
      id: 'conv_1',
      messageId: null,
      title: 'Trip',
      snippet: '',
      at: '2026-05-01T00:00:00.000Z',
    },
  },
  {
    type: 'search.chosen',
    result: {
      kind: 'prompt',
      id: 's1',
      title: 'Reviewer',
      snippet: '',
      promptType: 'system',
      own: true,
      at: '2026-05-01T00:00:00.000Z',
    },
  },
  ...settles('extrasLoader'),
]

describe('app machine model', () => {
  it('walks every declared transition; session actors run exactly while signed in', async () => {
    const { missing, replays } = await walkEveryTransition({
      machine: appMachine,
      inputs: [
        { auth: {}, style: {}, sharedPrompt: {}, turn: {}, library: {}, extensionBridge: {} },
        // A share link's page (docs/product/conversations.md#share-by-link).
        {
          auth: {},
          style: {},
          sharedPrompt: {},
          turn: {},
          library: {},
          extensionBridge: {},
          sharedConversation: 'share_0123456789abcdef0123456789abcdef',
        },
      ],
      events: MODEL_EVENTS,
      fixedActors: Object.fromEntries(
        [...APP_WIDE, ...SESSION_ACTORS, 'sharedConversation'].map((id) => [id, silent]),
      ),
      deferredActors: ['load session', 'load extras', 'load shared page'],
      serialize: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.userId]),
      tags: ['session'],
      check: ({ snapshot, where }) => {
        const running = SESSION_ACTORS.filter((id) => snapshot.children[id] !== undefined)
        // The extras run from their code's arrival to the session's end.
        const expected = SESSION_ACTORS.filter(
          (id) => !EXTRAS.includes(id) || snapshot.matches({ signedIn: { ready: 'extras' } }),
        )
        expect(running, where).toEqual(snapshot.hasTag('session') ? expected : [])
      },
    })
    expect(replays).toBeGreaterThan(10)
    expect(missing).toEqual([])
  })
})
