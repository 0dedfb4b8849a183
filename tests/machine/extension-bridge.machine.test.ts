import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate'
import type { User } from '../../src/domain/auth-types'
import type { ExtensionReply, PromptsData } from '../../src/domain/extension-bridge-messages'
import type { PromptRow } from '../../src/domain/prompt-types'
import { createExtensionData } from '../../src/effects/extension-data'
import { promptValuesKey } from '../../src/effects/prompt-values'
import {
  AUTH_TIMEOUT_MESSAGE,
  AUTH_WAIT_MS,
  extensionBridgeMachine,
  UPDATE_WAIT_MS,
} from '../../src/machines/extension-bridge.machine'
import type { DbClient } from '../../src/platform/db-client'
import type { KeyValueStorage } from '../../src/platform/index'
import { walkEveryTransition } from '../support/model-walk'
import { flush } from './prompt-fixtures'

const ORIGIN = 'https://chat.example.com'
const ALICE: User = { id: 'user_alice', email: 'alice@example.com' }

function row(fields: Partial<PromptRow> & Pick<PromptRow, 'id'>): PromptRow {
  return {
    userId: ALICE.id,
    title: fields.id,
    content: 'text',
    type: 'system',
    isPublic: '0',
    isActive: '0',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...fields,
  }
}
const REVIEWER = row({ id: 's1', title: 'Reviewer' })
const DATA: PromptsData = {
  userPrompts: [{ ...row({ id: 'u1', type: 'user' }), averageRating: 4, totalRatings: 2 }],
  systemPrompts: [{ ...REVIEWER, isActive: true }],
  activeSystemPrompt: { ...REVIEWER, isActive: true },
}

function startBridge(
  fakes: {
    load?: () => Promise<PromptsData>
    find?: (promptId: string) => Promise<PromptRow | null>
  } = {},
) {
  const clock = new SimulatedClock()
  const replies: Array<{ message: ExtensionReply; targetOrigin: string }> = []
  const errors: string[] = []
  const asked: unknown[] = []
  let deliver: (event: { type: 'page.message'; origin: string; data: unknown }) => void = () => {}
  const actor = createActor(
    extensionBridgeMachine.provide({
      actors: {
        'listen to page': fromCallback(({ sendBack }) => {
          deliver = sendBack
        }),
        'load prompts data': fromPromise(async () => (fakes.load ? fakes.load() : DATA)),
        'find prompt': fromPromise(async ({ input }) =>
          fakes.find ? fakes.find(input.promptId) : input.promptId === 's1' ? REVIEWER : null,
        ),
      },
      actions: {
        'post reply': (_, reply) => {
          replies.push(reply)
        },
        'log error': (_, { message }) => {
          errors.push(message)
        },
        'ask activation': (_, params) => {
          asked.push(params)
        },
      },
    }),
    { input: { origin: ORIGIN }, clock },
  )
  actor.start()
  const auth = (user: User | null, settled = true) =>
    actor.send({ type: 'auth.changed', user, settled })
  const post = (data: unknown, origin = ORIGIN) => deliver({ type: 'page.message', origin, data })
  const messages = () => replies.map((r) => r.message)
  return { actor, clock, replies, errors, asked, auth, post, messages }
}

describe('extension bridge machine: requests', () => {
  it('GET_USER_DATA answers the signed-in user, or NO_USER once auth says nobody', () => {
    const bridge = startBridge()
    bridge.auth(ALICE)
    bridge.post({ type: 'GET_USER_DATA' })
    bridge.auth(null)
    bridge.post({ type: 'GET_USER_DATA' })
    expect(bridge.replies).toEqual([
      { message: { type: 'USER_DATA', user: ALICE }, targetOrigin: ORIGIN },
      { message: { type: 'NO_USER' }, targetOrigin: ORIGIN },
    ])
  })

  it('while auth starts, GET_USER_DATA waits and answers when the user arrives', () => {
    const bridge = startBridge()
    bridge.post({ type: 'GET_USER_DATA' })
    bridge.auth(null, false)
    expect(bridge.replies).toEqual([])
    bridge.clock.increment(AUTH_WAIT_MS - 1)
    bridge.auth(ALICE)
    expect(bridge.messages()).toEqual([{ type: 'USER_DATA', user: ALICE }])
    expect(bridge.errors).toEqual([])
  })

  it(`no user within 5 s: NO_USER and '${AUTH_TIMEOUT_MESSAGE}'`, () => {
    const bridge = startBridge()
    bridge.post({ type: 'GET_USER_DATA' })
    bridge.clock.increment(AUTH_WAIT_MS - 1)
    expect(bridge.replies).toEqual([])
    bridge.clock.increment(1)
    expect(bridge.messages()).toEqual([{ type: 'NO_USER' }])
    expect(bridge.errors).toEqual(['Authentication timeout - no user available'])
  })

  it('GET_PROMPTS_DATA answers the loaded prompts for the signed-in user', async () => {
    const bridge = startBridge()
    bridge.auth(ALICE)
    bridge.post({ type: 'GET_PROMPTS_DATA', userId: ALICE.id })
    await flush()
    expect(bridge.replies).toEqual([
      { message: { type: 'PROMPTS_DATA', ...DATA }, targetOrigin: ORIGIN },
    ])
  })

  it('UPDATE_SYSTEM_PROMPT asks the activation with the prompt, and answers its success', async () => {
    const bridge = startBridge()
    bridge.auth(ALICE)
    bridge.post({ type: 'UPDATE_SYSTEM_PROMPT', userId: ALICE.id, promptId: 's1', isActive: true })
    await flush()
    expect(bridge.asked).toEqual([
      { prompt: { id: 's1', title: 'Reviewer', content: 'text' }, isActive: true },
    ])
    expect(bridge.replies).toEqual([])
    // Another prompt's outcome is not this update's.
    bridge.actor.send({ type: 'update.settled', promptId: 's2', isActive: true, ok: true })
    expect(bridge.replies).toEqual([])
    bridge.actor.send({ type: 'update.settled', promptId: 's1', isActive: true, ok: true })
    expect(bridge.replies).toEqual([
      {
        message: { type: 'SYSTEM_PROMPT_UPDATED', promptId: 's1', isActive: true },
        targetOrigin: ORIGIN,
      },
    ])
  })

  it('an update nobody answers gives up after its wait, silently', async () => {
    const bridge = startBridge()
    bridge.auth(ALICE)
    bridge.post({ type: 'UPDATE_SYSTEM_PROMPT', userId: ALICE.id, promptId: 's1', isActive: true })
    await flush()
    bridge.clock.increment(UPDATE_WAIT_MS)
    expect(bridge.actor.getSnapshot().value).toMatchObject({ update: 'idle' })
    expect(bridge.replies).toEqual([])
  })

  it("an update of a user prompt, someone else's or an unknown one is refused silently", async () => {
    const bridge = startBridge({
      find: async (id) =>
        id === 'u1'
          ? row({ id, type: 'user' })
          : id === 'theirs'
            ? row({ id, userId: 'user_bob' })
            : null,
    })
    bridge.auth(ALICE)
    for (const promptId of ['u1', 'theirs', 'missing']) {
      bridge.post({ type: 'UPDATE_SYSTEM_PROMPT', userId: ALICE.id, promptId, isActive: true })
      await flush()
    }
    expect(bridge.asked).toEqual([])
    expect(bridge.replies).toEqual([])
  })
})

describe('extension bridge machine: who gets no answer', () => {
  const requests = [
    { type: 'GET_USER_DATA' },
    { type: 'GET_PROMPTS_DATA', userId: ALICE.id },
    { type: 'UPDATE_SYSTEM_PROMPT', userId: ALICE.id, promptId: 's1', isActive: true },
  ]

  it('another origin gets nothing, whatever it asks', async () => {
    const bridge = startBridge()
    bridge.auth(ALICE)
    for (const origin of ['https://evil.example', 'http://chat.example.com', 'null', '']) {
      for (const request of requests) bridge.post(request, origin)
    }
    await flush()
    expect(bridge.replies).toEqual([])
    expect(bridge.asked).toEqual([])
  })

  it('a prompt request for another user, or while nobody is signed in, gets nothing', async () => {
    const bridge = startBridge()
    bridge.post({ type: 'GET_PROMPTS_DATA', userId: ALICE.id })
    bridge.post({ type: 'UPDATE_SYSTEM_PROMPT', userId: ALICE.id, promptId: 's1', isActive: true })
    bridge.auth(null)
    bridge.post({ type: 'GET_PROMPTS_DATA', userId: ALICE.id })
    bridge.auth(ALICE)
    bridge.post({ type: 'GET_PROMPTS_DATA', userId: 'user_bob' })
    bridge.post({
      type: 'UPDATE_SYSTEM_PROMPT',
      userId: 'user_bob',
      promptId: 's1',
      isActive: true,
    })
    await flush()
    expect(bridge.replies).toEqual([])
    expect(bridge.asked).toEqual([])
  })

  it('malformed payloads and the app own replies are ignored', async () => {
    const bridge = startBridge()
    bridge.auth(ALICE)
    for (const data of [
      null,
      'GET_USER_DATA',
      { type: 'get_user_data' },
      { type: 'GET_PROMPTS_DATA' },
      { type: 'GET_PROMPTS_DATA', userId: 42 },
      { type: 'GET_PROMPTS_DATA', userId: '' },
      { type: 'UPDATE_SYSTEM_PROMPT', userId: ALICE.id, promptId: 's1', isActive: 'true' },
      { type: 'UPDATE_SYSTEM_PROMPT', userId: ALICE.id, isActive: true },
      { type: 'USER_DATA', user: ALICE },
      { type: 'PROMPTS_DATA', ...DATA },
    ]) {
      bridge.post(data)
    }
    await flush()
    expect(bridge.replies).toEqual([])
  })

  it('property: nothing but a valid request from the page origin throws or gets an answer', async () => {
    const bridge = startBridge()
    bridge.auth(ALICE)
    const isValid = (origin: string, data: unknown) => {
      if (origin !== ORIGIN || !data || typeof data !== 'object') return false
      const d = data as Record<string, unknown>
      if (d.type === 'GET_USER_DATA') return true
      const mine = d.userId === ALICE.id
      if (d.type === 'GET_PROMPTS_DATA') return mine
      return (
        d.type === 'UPDATE_SYSTEM_PROMPT' &&
        mine &&
        typeof d.promptId === 'string' &&
        d.promptId !== '' &&
        typeof d.isActive === 'boolean'
      )
    }
    const origin = fc.oneof(
      fc.constant(ORIGIN),
      fc.webUrl().map((u) => new URL(u).origin),
      fc.string(),
    )
    const data = fc.oneof(
      fc.anything(),
      fc.record({
        type: fc.constantFrom('GET_USER_DATA', 'GET_PROMPTS_DATA', 'UPDATE_SYSTEM_PROMPT', 'X'),
        userId: fc.oneof(fc.constant(ALICE.id), fc.anything()),
        promptId: fc.anything(),
        isActive: fc.anything(),
      }),
    )
    await fc.assert(
      fc.asyncProperty(origin, data, async (from, payload) => {
        const before = bridge.replies.length + bridge.asked.length
        expect(() => bridge.post(payload, from)).not.toThrow()
        await flush()
        const answered = bridge.replies.length + bridge.asked.length > before
        if (answered) expect(isValid(from, payload)).toBe(true)
        // Let a pending update give up, so the next run starts idle.
        bridge.clock.increment(UPDATE_WAIT_MS)
        expect(bridge.actor.getSnapshot().status).toBe('active')
      }),
      { numRuns: 300 },
    )
  })
})

describe('extension bridge machine: silent failures (docs/product/errors.md)', () => {
  it('a failed prompt load answers empty lists and no active prompt', async () => {
    const bridge = startBridge({ load: () => Promise.reject(new Error('500')) })
    bridge.auth(ALICE)
    bridge.post({ type: 'GET_PROMPTS_DATA', userId: ALICE.id })
    await flush()
    expect(bridge.messages()).toEqual([
      { type: 'PROMPTS_DATA', userPrompts: [], systemPrompts: [], activeSystemPrompt: null },
    ])
  })

  it('a failed activation sends no answer', async () => {
    const bridge = startBridge()
    bridge.auth(ALICE)
    bridge.post({ type: 'UPDATE_SYSTEM_PROMPT', userId: ALICE.id, promptId: 's1', isActive: true })
    await flush()
    bridge.actor.send({ type: 'update.settled', promptId: 's1', isActive: true, ok: false })
    expect(bridge.replies).toEqual([])
    expect(bridge.actor.getSnapshot().value).toMatchObject({ update: 'idle' })
  })

  it('a failed rating read gives that prompt 0 and 0; the others keep theirs', async () => {
    const rows = [
      row({ id: 'u1', type: 'user' }),
      row({ id: 'u2', type: 'user' }),
      row({ id: 's1', isActive: '1' }),
    ]
    const logError = vi.fn()
    const db = {
      table: (name: string) => ({
        list: async ({ where }: { where: { promptId?: string } }) => {
          if (name === 'prompts') return rows
          if (where.promptId === 'u1') throw new Error('ratings down')
          return [{ rating: '5' }, { rating: '2' }]
        },
      }),
    } as unknown as DbClient
    const data = await createExtensionData(db, logError).loadPromptsData(ALICE.id)
    expect(data.userPrompts.map((p) => [p.id, p.averageRating, p.totalRatings])).toEqual([
      ['u1', 0, 0],
      ['u2', 3.5, 2],
    ])
    expect(data.systemPrompts.map((p) => [p.id, p.isActive])).toEqual([['s1', true]])
    expect(data.activeSystemPrompt?.id).toBe('s1')
    expect(logError).toHaveBeenCalledTimes(1)
  })
})

describe('the active system prompt the extension receives', () => {
  const template = 'Answer in {{language:English}} as a {{role:tutor|critic}} for {{name}}.'
  const db = {
    table: (name: string) => ({
      list: async () =>
        name === 'prompts' ? [row({ id: 's1', isActive: '1', content: template })] : [],
    }),
  } as unknown as DbClient

  it('is filled with the values given at activation, as the chat context carries it', async () => {
    const storage = new Map<string, string>([
      [promptValuesKey(ALICE.id, 's1'), JSON.stringify({ language: 'French', name: 'Ann' })],
    ])
    const kept = { getItem: (key: string) => storage.get(key) ?? null } as KeyValueStorage
    const data = await createExtensionData(db, vi.fn(), kept).loadPromptsData(ALICE.id)
    expect(data.activeSystemPrompt?.content).toBe('Answer in French as a tutor for Ann.')
    // The list keeps the prompt as written: the extension shows the template.
    expect(data.systemPrompts[0]?.content).toBe(template)
  })

  it('with nothing kept, the defaults fill it and a variable without one is left empty', async () => {
    const data = await createExtensionData(db, vi.fn()).loadPromptsData(ALICE.id)
    expect(data.activeSystemPrompt?.content).toBe('Answer in English as a tutor for .')
  })
})

describe('extension bridge machine model', () => {
  it('walks every declared transition on a real actor', async () => {
    const page = (data: unknown, origin = ORIGIN) => ({ type: 'page.message', origin, data })
    const { missing, replays } = await walkEveryTransition({
      machine: extensionBridgeMachine,
      inputs: [{ origin: ORIGIN }],
      events: [
        page({ type: 'GET_USER_DATA' }),
        page({ type: 'GET_USER_DATA' }, 'https://evil.example'),
        page({ type: 'GET_PROMPTS_DATA', userId: ALICE.id }),
        page({ type: 'UPDATE_SYSTEM_PROMPT', userId: ALICE.id, promptId: 's1', isActive: true }),
        { type: 'auth.changed', user: ALICE, settled: true },
        { type: 'auth.changed', user: null, settled: true },
        { type: 'auth.changed', user: null, settled: false },
        { type: 'xstate.done.actor.load prompts data', output: DATA },
        { type: 'xstate.error.actor.load prompts data', error: new Error('x') },
        { type: 'xstate.done.actor.find prompt', output: REVIEWER },
        { type: 'xstate.done.actor.find prompt', output: null },
        { type: 'xstate.error.actor.find prompt', error: new Error('x') },
        { type: 'update.settled', promptId: 's1', isActive: true, ok: true },
        { type: 'update.settled', promptId: 's1', isActive: true, ok: false },
      ],
      deferredActors: ['load prompts data', 'find prompt'],
      fixedActors: { 'listen to page': fromCallback(() => {}) },
      noopActions: ['post reply', 'log error', 'ask activation'],
      // The delays' events are sent as they are: advancing the clock for one region's wait
      // would also end the other's (the timers themselves are tested above).
      serialize: ({ value, context }) =>
        JSON.stringify([value, context.user?.id ?? null, context.authSettled, context.update]),
      tags: [],
    })
    expect(replays).toBeGreaterThan(10)
    expect(missing).toEqual([])
  })
})
