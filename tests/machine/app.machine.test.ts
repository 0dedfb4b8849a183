import { describe, expect, it } from 'vitest'
import { createMachine } from 'xstate'
import { buildShareLink } from '../../src/domain/share-link'
import { appMachine, SESSION_ACTORS } from '../../src/machines/app.machine'
import { QUICK_SEND_DELAY_MS } from '../../src/machines/quick-prompts.machine'
import { type ModelEvent, walkEveryTransition } from '../support/model-walk'
import { ALICE, BOB, REVIEWER, startApp } from './app-harness'
import { flush, libraryPrompt } from './prompt-fixtures'

const ACTIVE = { id: REVIEWER.id, title: REVIEWER.title, content: REVIEWER.content }

/** Starts the app with Alice's stored session restored, and waits for her session. */
async function signedIn(options: Parameters<typeof startApp>[0] = {}) {
  const harness = startApp({ restored: ALICE, ...options })
  await flush()
  expect(harness.app.getSnapshot().hasTag('session')).toBe(true)
  return harness
}

describe('app machine: sessions', () => {
  it('starts auth, theme and the shared prompt at once, and no session actor before sign-in', async () => {
    const { children, session } = startApp()
    await flush()
    expect(Object.keys(children()).sort()).toEqual(['auth', 'sharedPrompt', 'theme'])
    expect(session()).toEqual({})
  })

  it('signing in starts every session actor and starts the chat and activation sessions', async () => {
    const { session, calls, children } = await signedIn()
    expect(Object.keys(session()).sort()).toEqual([...SESSION_ACTORS].sort())
    expect(children().chat?.getSnapshot().context.userId).toBe(ALICE.id)
    expect(calls.activeLoads).toBe(1)
  })

  it('sign-out stops every session actor', async () => {
    const { session, signOut, app, children } = await signedIn()
    const running = Object.values(session())
    signOut()
    expect(app.getSnapshot().hasTag('session')).toBe(false)
    expect(session()).toEqual({})
    for (const actor of running) expect(actor?.getSnapshot().status).toBe('stopped')
    // The app-wide actors stay.
    expect(Object.keys(children()).sort()).toEqual(['auth', 'sharedPrompt', 'theme'])
  })

  it('a second sign-in gets fresh actors with no state left over', async () => {
    const harness = await signedIn()
    const first = harness.session()
    harness.children().chat?.send({ type: 'input.change', value: 'a draft' })
    harness.children().library?.send({ type: 'library.open' })
    harness.children().quickPrompts?.send({ type: 'quick.open' })
    await flush()
    harness.signOut()
    harness.signIn(BOB)
    await flush()
    const second = harness.session()
    for (const id of SESSION_ACTORS) {
      expect(second[id], id).toBeDefined()
      expect(second[id], id).not.toBe(first[id])
    }
    const { chat, library, quickPrompts } = harness.children()
    expect(chat?.getSnapshot().context).toMatchObject({ userId: BOB.id, input: '', messages: [] })
    expect(library?.getSnapshot().hasTag('open')).toBe(false)
    expect(quickPrompts?.getSnapshot().hasTag('open')).toBe(false)
  })

  it('a parent switching accounts ends one session and starts the next', async () => {
    const harness = await signedIn()
    const firstChat = harness.children().chat
    harness.signIn(BOB)
    await flush()
    expect(firstChat?.getSnapshot().status).toBe('stopped')
    expect(harness.children().chat?.getSnapshot().context.userId).toBe(BOB.id)
  })
})

describe('app machine: routes between the actors', () => {
  it('activation fans out: the chat gets the prompt, the library and quick prompts reload', async () => {
    const { children, calls } = await signedIn()
    children().library?.send({ type: 'library.open' })
    await flush()
    const before = { library: calls.libraryLoads, quick: calls.quickLoads }
    const toggle = { ...ACTIVE, type: 'system' as const, isActive: false }
    children().activation?.send({ type: 'prompt.toggleActive', prompt: toggle })
    await flush()
    expect(children().chat?.getSnapshot().context.systemPrompt).toEqual(ACTIVE)
    expect(calls.libraryLoads).toBe(before.library + 1)
    expect(calls.quickLoads).toBe(before.quick + 1)
  })

  it('the active prompt loaded at sign-in reaches the chat', async () => {
    const { children } = await signedIn({ active: ACTIVE })
    expect(children().chat?.getSnapshot().context.systemPrompt).toEqual(ACTIVE)
  })

  it('a quick-prompt run fills the chat input and sends it after 100 ms', async () => {
    const { children, clock, calls } = await signedIn()
    const prompt = libraryPrompt({ content: 'Translate to French' })
    children().quickPrompts?.send({ type: 'quick.run', prompt })
    expect(children().chat?.getSnapshot().context.input).toBe('Translate to French')
    clock.increment(QUICK_SEND_DELAY_MS - 1)
    expect(calls.saved).toEqual([])
    clock.increment(1)
    await flush()
    expect(calls.saved.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Translate to French'],
      ['assistant', 'ok'],
    ])
  })

  it('a library run fills the chat input without sending', async () => {
    const { children, calls } = await signedIn()
    children().library?.send({ type: 'library.open' })
    await flush()
    children().library?.send({ type: 'prompt.run', prompt: libraryPrompt() })
    expect(children().chat?.getSnapshot().context.input).toBe('Summarise this text')
    await flush()
    expect(calls.saved).toEqual([])
  })

  it('picking a model selects it in the chat', async () => {
    const { children } = await signedIn()
    children().modelPicker?.send({ type: 'picker.open' })
    children().modelPicker?.send({ type: 'model.pick', modelId: 'claude-haiku-4-5' })
    expect(children().chat?.getSnapshot().context.selectedModelId).toBe('claude-haiku-4-5')
  })

  it('deleting the active prompt makes the activation re-read it', async () => {
    const { children, calls } = await signedIn({ active: ACTIVE })
    children().library?.send({ type: 'library.open' })
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
    const { children, calls } = await signedIn({ href })
    children().library?.send({ type: 'library.open' })
    await flush()
    const before = { library: calls.libraryLoads, quick: calls.quickLoads }
    children().sharedPrompt?.send({ type: 'shared.add' })
    await flush()
    expect(calls.libraryLoads).toBe(before.library + 1)
    expect(calls.quickLoads).toBe(before.quick + 1)
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
  { type: 'activePrompt.changed', prompt: ACTIVE },
  { type: 'prompts.changed' },
  { type: 'prompt.deleted', promptId: 's1' },
  { type: 'chat.fill', content: 'Hello' },
  { type: 'chat.submit' },
  { type: 'model.chosen', modelId: 'gpt-5' },
]

describe('app machine model', () => {
  it('walks every declared transition; session actors run exactly while signed in', async () => {
    const { missing, replays } = await walkEveryTransition({
      machine: appMachine,
      inputs: [{ auth: {}, theme: {}, sharedPrompt: {}, chat: {}, library: {} }],
      events: MODEL_EVENTS,
      fixedActors: Object.fromEntries(
        ['auth', 'theme', 'sharedPrompt', ...SESSION_ACTORS].map((id) => [id, silent]),
      ),
      serialize: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.userId]),
      tags: ['session'],
      check: ({ snapshot, where }) => {
        const running = SESSION_ACTORS.filter((id) => snapshot.children[id] !== undefined)
        expect(running, where).toEqual(snapshot.hasTag('session') ? [...SESSION_ACTORS] : [])
      },
    })
    expect(replays).toBeGreaterThan(10)
    expect(missing).toEqual([])
  })
})
