import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ModelListResult, ModelServer } from '../../src/domain/server-models'
import type { ServerSubmission } from '../../src/domain/server-url'
import { modelServersMachine } from '../../src/machines/model-servers.machine'
import type { Notice } from '../../src/machines/notice'
import { type ModelEvent, walkEveryTransition } from '../support/model-walk'

const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

const OLLAMA: ModelServer = {
  id: 's1',
  name: 'Ollama',
  baseUrl: 'http://localhost:11434',
  hasKey: false,
}

interface Fakes {
  load?: () => Promise<ModelServer[]>
  check?: (server: ServerSubmission) => Promise<ModelListResult>
  save?: (server: ServerSubmission) => Promise<ModelServer>
  remove?: (serverId: string) => Promise<void>
}

function startServers(fakes: Fakes = {}) {
  const notices: Notice[] = []
  const effects: string[] = []
  let announced = 0
  const actor = createActor(
    modelServersMachine.provide({
      actors: {
        'load servers': fromPromise(async () => (fakes.load ? fakes.load() : [])),
        'check server': fromPromise(async ({ input }: { input: ServerSubmission }) => {
          effects.push(`check ${input.baseUrl} key=${input.apiKey}`)
          return fakes.check ? fakes.check(input) : { ok: true as const, models: ['llama3.2:3b'] }
        }),
        'save server': fromPromise(async ({ input }: { input: ServerSubmission }) => {
          effects.push(`save ${input.name}`)
          return fakes.save
            ? fakes.save(input)
            : { id: 'new', name: input.name, baseUrl: input.baseUrl, hasKey: input.apiKey !== '' }
        }),
        'remove server': fromPromise(async ({ input }: { input: { serverId: string } }) => {
          effects.push(`remove ${input.serverId}`)
          await fakes.remove?.(input.serverId)
        }),
      },
      actions: {
        notify: (_, notice: Notice) => void notices.push(notice),
        'log error': () => {},
        'announce change': () => void announced++,
      },
    }),
  )
  actor.start()
  const fill = (draft: { name?: string; baseUrl?: string; apiKey?: string }) => {
    for (const [field, value] of Object.entries(draft)) {
      actor.send({ type: 'server.change', field: field as 'name', value })
    }
  }
  return {
    actor,
    notices,
    effects,
    fill,
    announced: () => announced,
    context: () => actor.getSnapshot().context,
    messages: () => notices.map((n) => n.message),
  }
}

describe('OpenAI-compatible servers', () => {
  it('lists the saved servers on start', async () => {
    const servers = startServers({ load: async () => [OLLAMA] })
    expect(servers.actor.getSnapshot().hasTag('busy')).toBe(true)
    await flush()
    expect(servers.context().servers).toEqual([OLLAMA])
  })

  it("a failed load: 'Failed to load your servers', and the form still works", async () => {
    const servers = startServers({ load: () => Promise.reject(new Error('down')) })
    await flush()
    expect(servers.messages()).toEqual(['Failed to load your servers'])
    expect(servers.actor.getSnapshot().matches('ready')).toBe(true)
  })

  it('refuses a bad form with a message under each field, and clears one when it changes', async () => {
    const servers = startServers({ load: async () => [OLLAMA] })
    await flush()
    servers.actor.send({ type: 'server.add' })
    expect(servers.context().errors).toEqual({
      name: 'Enter a name for this server',
      baseUrl: 'Enter the base URL of this server',
    })
    servers.fill({ name: ' ollama ', baseUrl: 'ftp://x' })
    expect(servers.context().errors).toEqual({ name: null, baseUrl: null })
    servers.actor.send({ type: 'server.add' })
    expect(servers.context().errors).toEqual({
      name: 'You already have a server named ollama',
      baseUrl: 'Base URL must start with http:// or https://',
    })
    servers.fill({ apiKey: 'k' }) // the key's field has no error to clear
    expect(servers.context().errors.name).not.toBeNull()
    expect(servers.effects).toEqual([])
    expect(servers.notices).toEqual([])
  })

  it('checks the server, then saves it: normalised, trimmed, and announced', async () => {
    const servers = startServers()
    await flush()
    servers.fill({ name: ' LM Studio ', baseUrl: 'http://localhost:1234/v1/', apiKey: ' sk-1 ' })
    servers.actor.send({ type: 'server.add' })
    expect(servers.actor.getSnapshot().hasTag('checking')).toBe(true)
    await flush()
    expect(servers.effects).toEqual(['check http://localhost:1234 key=sk-1', 'save LM Studio'])
    expect(servers.messages()).toEqual(['Added LM Studio with 1 model'])
    expect(servers.context().servers).toEqual([
      { id: 'new', name: 'LM Studio', baseUrl: 'http://localhost:1234', hasKey: true },
    ])
    expect(servers.context().draft).toEqual({ name: '', baseUrl: '', apiKey: '' })
    expect(servers.announced()).toBe(1)
  })

  it.each([
    [{ ok: false, kind: 'unreachable' } as const, 'Could not reach Ollama'],
    [{ ok: false, kind: 'refused', status: 401 } as const, 'Ollama refused the API key'],
    [{ ok: false, kind: 'refused', status: 403 } as const, 'Ollama refused the API key'],
    [
      { ok: false, kind: 'refused', status: 404 } as const,
      'Ollama answered HTTP 404 to the model list',
    ],
    [{ ok: false, kind: 'unreadable' } as const, 'Ollama did not answer with a list of models'],
  ])('a server that does not list its models (%o) is not saved: %s', async (result, message) => {
    const servers = startServers({ check: async () => result })
    await flush()
    servers.fill({ name: 'Ollama', baseUrl: 'http://localhost:11434' })
    servers.actor.send({ type: 'server.add' })
    await flush()
    expect(servers.messages()).toEqual([message])
    expect(servers.effects.some((e) => e.startsWith('save'))).toBe(false)
    expect(servers.context().draft.name).toBe('Ollama') // kept, to fix and try again
    expect(servers.announced()).toBe(0)
  })

  it("a check that fails outright counts as unreachable; a failed save: 'Failed to save the server. Please try again.'", async () => {
    const servers = startServers({ check: () => Promise.reject(new Error('x')) })
    await flush()
    servers.fill({ name: 'Ollama', baseUrl: 'http://localhost:11434' })
    servers.actor.send({ type: 'server.add' })
    await flush()
    expect(servers.messages()).toEqual(['Could not reach Ollama'])

    const failing = startServers({ save: () => Promise.reject(new Error('x')) })
    await flush()
    failing.fill({ name: 'Ollama', baseUrl: 'http://localhost:11434' })
    failing.actor.send({ type: 'server.add' })
    await flush()
    expect(failing.messages()).toEqual(['Failed to save the server. Please try again.'])
    expect(failing.context().servers).toEqual([])
  })

  it('a server listing no models is saved, and the toast says so', async () => {
    const servers = startServers({ check: async () => ({ ok: true, models: [] }) })
    await flush()
    servers.fill({ name: 'Empty', baseUrl: 'https://example.com' })
    servers.actor.send({ type: 'server.add' })
    await flush()
    expect(servers.messages()).toEqual(['Added Empty, which lists no models yet'])
  })

  it('Remove asks first; Cancel keeps it, yes removes it and announces the change', async () => {
    const servers = startServers({ load: async () => [OLLAMA] })
    await flush()
    servers.actor.send({ type: 'remove.confirm' }) // nothing asked yet
    servers.actor.send({ type: 'server.remove', serverId: 's1' })
    expect(servers.context().removal).toEqual(OLLAMA)
    servers.actor.send({ type: 'remove.cancel' })
    expect(servers.context().removal).toBeNull()
    expect(servers.effects).toEqual([])

    servers.actor.send({ type: 'server.remove', serverId: 's1' })
    servers.actor.send({ type: 'remove.confirm' })
    expect(servers.actor.getSnapshot().hasTag('removing')).toBe(true)
    await flush()
    expect(servers.effects).toEqual(['remove s1'])
    expect(servers.context().servers).toEqual([])
    expect(servers.messages()).toEqual(['Removed Ollama'])
    expect(servers.announced()).toBe(1)
  })

  it("a failed removal: 'Failed to remove the server. Please try again.', and it stays", async () => {
    const servers = startServers({
      load: async () => [OLLAMA],
      remove: () => Promise.reject(new Error('x')),
    })
    await flush()
    servers.actor.send({ type: 'server.remove', serverId: 's1' })
    servers.actor.send({ type: 'remove.confirm' })
    await flush()
    expect(servers.messages()).toEqual(['Failed to remove the server. Please try again.'])
    expect(servers.context().servers).toEqual([OLLAMA])
    expect(servers.context().removal).toBeNull()
    expect(servers.announced()).toBe(0)
  })
})

const MODEL_EVENTS: ModelEvent[] = [
  { type: 'server.change', field: 'name', value: 'Ollama' },
  { type: 'server.change', field: 'baseUrl', value: 'http://localhost:11434' },
  { type: 'server.add' },
  { type: 'server.remove', serverId: 's1' },
  { type: 'remove.confirm' },
  { type: 'remove.cancel' },
  { type: 'xstate.done.actor.serversLoader', output: [OLLAMA] },
  { type: 'xstate.error.actor.serversLoader', error: new Error('x') },
  { type: 'xstate.done.actor.serverChecker', output: { ok: true, models: ['m'] } },
  { type: 'xstate.done.actor.serverChecker', output: { ok: false, kind: 'unreachable' } },
  { type: 'xstate.error.actor.serverChecker', error: new Error('x') },
  {
    type: 'xstate.done.actor.serverSaver',
    output: { ...OLLAMA, id: 's2', name: 'Other' },
  },
  { type: 'xstate.error.actor.serverSaver', error: new Error('x') },
  { type: 'xstate.done.actor.serverRemover', output: undefined },
  { type: 'xstate.error.actor.serverRemover', error: new Error('x') },
  { type: 'servers.changed' },
  { type: 'xstate.done.actor.serversRefresher', output: [] },
  { type: 'xstate.error.actor.serversRefresher', error: new Error('x') },
]

describe('servers changed elsewhere (live sync)', () => {
  it('the list follows, quietly; a removal asked for a server gone meanwhile closes', async () => {
    let listed = [OLLAMA]
    const servers = startServers({ load: async () => listed })
    await flush()
    servers.fill({ name: 'Half typed' })
    servers.actor.send({ type: 'server.remove', serverId: 's1' })
    listed = [{ ...OLLAMA, id: 's9', name: 'LM Studio' }]
    servers.actor.send({ type: 'servers.changed' })
    expect(servers.actor.getSnapshot().hasTag('busy')).toBe(false)
    await flush()
    expect(servers.context().servers.map((s) => s.name)).toEqual(['LM Studio'])
    expect(servers.context().removal).toBeNull()
    expect(servers.context().draft.name).toBe('Half typed')
    // Read here, not announced back: the change was made elsewhere.
    expect(servers.announced()).toBe(0)
    expect(servers.effects).toEqual([])
  })

  it('a change while a server is being checked is read once the form is done', async () => {
    let listed: ModelServer[] = []
    let answer: (result: ModelListResult) => void = () => {}
    const servers = startServers({
      load: async () => listed,
      check: () => new Promise((resolve) => (answer = resolve)),
    })
    await flush()
    servers.fill({ name: 'Mine', baseUrl: 'http://localhost:8080' })
    servers.actor.send({ type: 'server.add' })
    listed = [OLLAMA]
    servers.actor.send({ type: 'servers.changed' })
    answer({ ok: false, kind: 'unreachable' })
    await flush()
    await flush()
    expect(servers.context().servers.map((s) => s.name)).toEqual(['Ollama'])
  })
})

describe('model servers machine model', () => {
  it('walks every declared transition', async () => {
    const { replays, missing } = await walkEveryTransition({
      machine: modelServersMachine,
      deferredActors: ['load servers', 'check server', 'save server', 'remove server'],
      noopActions: ['notify', 'log error', 'announce change'],
      events: MODEL_EVENTS,
      serialize: (s) =>
        JSON.stringify([
          s.value,
          s.context.draft,
          // Whether any is listed (Remove needs one); how many would make the model endless.
          s.context.servers.length > 0,
          s.context.removal?.id ?? null,
          s.context.stale,
        ]),
      tags: ['busy', 'checking', 'saving', 'removing'],
    })
    expect(replays).toBeGreaterThan(15)
    expect(missing).toEqual([])
  })
})
