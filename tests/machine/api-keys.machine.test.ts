import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ProviderName } from '../../src/domain/chat-types'
import type { KeyCheck } from '../../src/domain/key-check'
import { apiKeysMachine, type SavedKeys } from '../../src/machines/api-keys.machine'
import { keyTestMachine } from '../../src/machines/key-test.machine'
import type { Notice } from '../../src/machines/notice'
import { type ModelEvent, walkEveryTransition } from '../support/model-walk'

const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

function startKeys(
  fakes: {
    load?: () => Promise<SavedKeys>
    save?: () => Promise<void>
    check?: (apiKey: string) => Promise<KeyCheck>
  } = {},
) {
  const notices: Notice[] = []
  const saves: Array<{ provider: ProviderName; apiKey: string }> = []
  const checks: Array<{ provider: ProviderName; apiKey: string }> = []
  const actor = createActor(
    apiKeysMachine.provide({
      actors: {
        'key test': keyTestMachine.provide({
          actors: {
            'check key': fromPromise(async ({ input }) => {
              checks.push(input)
              return fakes.check ? fakes.check(input.apiKey) : { ok: true as const }
            }),
          },
        }),
        'load keys': fromPromise(async () => (fakes.load ? fakes.load() : {})),
        'save key': fromPromise(
          async ({ input }: { input: { provider: ProviderName; apiKey: string } }) => {
            saves.push(input)
            await fakes.save?.()
          },
        ),
      },
      actions: {
        notify: (_, notice: Notice) => {
          notices.push(notice)
        },
        'log error': () => {},
      },
    }),
  )
  actor.start()
  return { actor, notices, saves, checks, context: () => actor.getSnapshot().context }
}

describe('api keys', () => {
  it('loads the saved keys on start: filled in and marked Saved', async () => {
    const keys = startKeys({ load: async () => ({ anthropic: 'sk-ant-1' }) })
    expect(keys.actor.getSnapshot().hasTag('busy')).toBe(true)
    await flush()
    expect(keys.context().drafts).toEqual({ openai: '', anthropic: 'sk-ant-1', google: '' })
    expect(keys.context().saved).toEqual({ openai: false, anthropic: true, google: false })
  })

  it("a failed load: 'Failed to load saved API keys', and the rows still work", async () => {
    const keys = startKeys({ load: async () => Promise.reject(new Error('x')) })
    await flush()
    expect(keys.notices).toEqual([{ kind: 'error', message: 'Failed to load saved API keys' }])
    expect(keys.actor.getSnapshot().matches('ready')).toBe(true)
  })

  it("refuses a blank key: 'API key cannot be empty'", async () => {
    const keys = startKeys()
    await flush()
    keys.actor.send({ type: 'key.change', provider: 'openai', value: '  \t ' })
    keys.actor.send({ type: 'key.save', provider: 'openai' })
    expect(keys.notices).toEqual([{ kind: 'error', message: 'API key cannot be empty' }])
    expect(keys.saves).toEqual([])
  })

  it('saves the trimmed key, one provider at a time, and says so', async () => {
    let release: () => void = () => {}
    const keys = startKeys({ save: () => new Promise<void>((resolve) => (release = resolve)) })
    await flush()
    keys.actor.send({ type: 'key.change', provider: 'google', value: ' AIza-1 ' })
    keys.actor.send({ type: 'key.change', provider: 'openai', value: 'sk-1' })
    keys.actor.send({ type: 'key.save', provider: 'google' })
    expect(keys.context().saving).toBe('google')
    keys.actor.send({ type: 'key.save', provider: 'openai' }) // ignored while a save runs
    release()
    await flush()
    expect(keys.saves).toEqual([{ provider: 'google', apiKey: 'AIza-1' }])
    expect(keys.notices).toEqual([
      { kind: 'success', message: 'google API key saved successfully' },
    ])
    expect(keys.context()).toMatchObject({ saving: null, saved: { google: true, openai: false } })
  })

  it("a failed save: 'Failed to save API key. Please try again.'", async () => {
    const keys = startKeys({ save: async () => Promise.reject(new Error('x')) })
    await flush()
    keys.actor.send({ type: 'key.change', provider: 'openai', value: 'sk-1' })
    keys.actor.send({ type: 'key.save', provider: 'openai' })
    await flush()
    expect(keys.notices.map((n) => n.message)).toEqual([
      'Failed to save API key. Please try again.',
    ])
    expect(keys.context().saved.openai).toBe(false)
  })

  it('Test checks the key in the row with its provider, and saves nothing', async () => {
    const keys = startKeys({
      load: async () => ({ openai: 'sk-test-1', google: 'AIza-bad' }),
      check: async (apiKey) =>
        apiKey.startsWith('sk-test-')
          ? { ok: true }
          : { ok: false, message: 'API key not valid. Please pass a valid API key.' },
    })
    await flush()
    keys.actor.send({ type: 'key.test', provider: 'openai' })
    keys.actor.send({ type: 'key.test', provider: 'google' })
    await flush()
    expect(keys.checks).toEqual([
      { provider: 'openai', apiKey: 'sk-test-1' },
      { provider: 'google', apiKey: 'AIza-bad' },
    ])
    const tests = keys.context().tests
    expect(tests.openai.getSnapshot().value).toBe('works')
    expect(tests.google.getSnapshot().value).toBe('failed')
    expect(tests.google.getSnapshot().context.message).toBe(
      'API key not valid. Please pass a valid API key.',
    )
    expect(keys.saves).toEqual([])
    expect(keys.notices).toEqual([])
  })

  it('an outcome goes when the key changes; a blank key is not tested', async () => {
    const keys = startKeys({ load: async () => ({ anthropic: ' sk-ant-test-1 ' }) })
    await flush()
    keys.actor.send({ type: 'key.test', provider: 'anthropic' })
    await flush()
    // Trimmed, as a save would store it.
    expect(keys.checks).toEqual([{ provider: 'anthropic', apiKey: 'sk-ant-test-1' }])
    keys.actor.send({ type: 'key.change', provider: 'anthropic', value: '  ' })
    expect(keys.context().tests.anthropic.getSnapshot().value).toBe('idle')
    keys.actor.send({ type: 'key.test', provider: 'anthropic' })
    await flush()
    expect(keys.checks).toHaveLength(1)
  })

  it('show/hide toggles one row', () => {
    const keys = startKeys()
    keys.actor.send({ type: 'key.toggleVisibility', provider: 'anthropic' })
    expect(keys.context().revealed).toEqual({ openai: false, anthropic: true, google: false })
  })
})

describe('api keys saved elsewhere (live sync)', () => {
  it('the Saved markers follow; a field being edited keeps its draft, the others show the stored key', async () => {
    let stored: SavedKeys = { openai: 'sk-old', google: 'g-1' }
    const keys = startKeys({ load: async () => stored })
    await flush()
    keys.actor.send({ type: 'key.change', provider: 'google', value: 'g-typing' })
    stored = { openai: 'sk-new', anthropic: 'sk-ant-2', google: 'g-2' }
    keys.actor.send({ type: 'keys.changed' })
    // Quiet: the dialog is not busy while it reads again.
    expect(keys.actor.getSnapshot().hasTag('busy')).toBe(false)
    await flush()
    expect(keys.context().saved).toEqual({ openai: true, anthropic: true, google: true })
    expect(keys.context().drafts).toEqual({
      openai: 'sk-new',
      anthropic: 'sk-ant-2',
      google: 'g-typing',
    })
    // Removed elsewhere: no longer Saved, and an untouched field empties.
    stored = { google: 'g-2' }
    keys.actor.send({ type: 'keys.changed' })
    await flush()
    expect(keys.context().saved).toEqual({ openai: false, anthropic: false, google: true })
    expect(keys.context().drafts).toEqual({ openai: '', anthropic: '', google: 'g-typing' })
  })

  it('a change while a key is being saved is read once the save is done', async () => {
    let stored: SavedKeys = {}
    let release: () => void = () => {}
    const keys = startKeys({
      load: async () => stored,
      save: () => new Promise<void>((resolve) => (release = resolve)),
    })
    await flush()
    keys.actor.send({ type: 'key.change', provider: 'openai', value: ' sk-mine ' })
    keys.actor.send({ type: 'key.save', provider: 'openai' })
    stored = { openai: 'sk-mine', anthropic: 'sk-ant-elsewhere' }
    keys.actor.send({ type: 'keys.changed' })
    expect(keys.context().saved.anthropic).toBe(false)
    release()
    await flush()
    await flush()
    expect(keys.notices).toEqual([
      { kind: 'success', message: 'openai API key saved successfully' },
    ])
    expect(keys.context().saved).toEqual({ openai: true, anthropic: true, google: false })
    // The key saved here shows as the store keeps it: trimmed.
    expect(keys.context().drafts).toEqual({
      openai: 'sk-mine',
      anthropic: 'sk-ant-elsewhere',
      google: '',
    })
  })

  it('a failed read keeps what the dialog shows', async () => {
    let fail = false
    const keys = startKeys({
      load: async () => (fail ? Promise.reject(new Error('offline')) : { openai: 'sk-1' }),
    })
    await flush()
    fail = true
    keys.actor.send({ type: 'keys.changed' })
    await flush()
    expect(keys.context().saved.openai).toBe(true)
    expect(keys.context().drafts.openai).toBe('sk-1')
    expect(keys.notices).toEqual([])
  })
})

const MODEL_EVENTS: ModelEvent[] = [
  { type: 'key.change', provider: 'openai', value: 'sk-1' },
  { type: 'key.change', provider: 'openai', value: ' ' },
  { type: 'key.toggleVisibility', provider: 'openai' },
  { type: 'key.save', provider: 'openai' },
  { type: 'key.test', provider: 'openai' },
  { type: 'xstate.done.actor.keysLoader', output: { openai: 'sk-0' } },
  { type: 'xstate.error.actor.keysLoader', error: new Error('x') },
  { type: 'xstate.done.actor.keySaver', output: undefined },
  { type: 'xstate.error.actor.keySaver', error: new Error('x') },
  { type: 'keys.changed' },
  { type: 'xstate.done.actor.keysRefresher', output: { anthropic: 'sk-a' } },
  { type: 'xstate.error.actor.keysRefresher', error: new Error('x') },
]

describe('api keys machine model', () => {
  it('walks every declared transition', async () => {
    const { replays, missing } = await walkEveryTransition({
      machine: apiKeysMachine,
      deferredActors: ['load keys', 'save key'],
      noopActions: ['notify', 'log error'],
      events: MODEL_EVENTS,
      serialize: (s) =>
        JSON.stringify([s.value, s.context.drafts.openai.trim() !== '', s.context.stale]),
      tags: ['busy'],
    })
    expect(replays).toBeGreaterThan(10)
    expect(missing).toEqual([])
  })
})
