import { describe, expect, it } from 'vitest'
import { type AnyActorRef, createActor, fromPromise, SimulatedClock } from 'xstate'
import type { ActivePrompt } from '../../src/domain/prompt-types'
import type { Notice } from '../../src/machines/notice'
import {
  promptActivationMachine,
  type ToggleTarget,
} from '../../src/machines/prompt-activation.machine'
import { promptLibraryMachine } from '../../src/machines/prompt-library.machine'
import { QUICK_SEND_DELAY_MS, quickPromptsMachine } from '../../src/machines/quick-prompts.machine'
import { flush, libraryPrompt } from './prompt-fixtures'

// Running, quick-running and activating a prompt with variables (docs/product/variables.md).

const TRANSLATE = libraryPrompt({
  id: 'p_tr',
  title: 'Translate',
  content: 'Translate {{text}} into {{language:French|German}}',
  isOwn: true,
})
const form = (actor: AnyActorRef) => actor.getSnapshot().children.variables as AnyActorRef
const fill = (actor: AnyActorRef, values: Record<string, string>) => {
  for (const [name, value] of Object.entries(values)) {
    form(actor).send({ type: 'variables.change', name, value })
  }
}

describe('library Run with variables', () => {
  function startLibrary() {
    const log: string[] = []
    const actor = createActor(
      promptLibraryMachine.provide({
        actors: { 'load prompts': fromPromise(async () => [TRANSLATE]) },
        actions: {
          notify: (_, n: Notice) => {
            log.push(n.message)
          },
          'fill chat input': (_, { content }: { content: string }) => {
            log.push(`input: ${content}`)
          },
        },
      }),
      { input: { shareOrigin: 'https://chat.example.com' } },
    ).start()
    actor.send({ type: 'library.open' })
    return { actor, log }
  }

  it('opens the form over the library; Submit runs the filled text and closes it', async () => {
    const { actor, log } = startLibrary()
    await flush()
    actor.send({ type: 'prompt.run', prompt: TRANSLATE })
    expect(actor.getSnapshot().hasTag('open')).toBe(true)
    expect(log).toEqual([])
    fill(actor, { text: 'good night', language: 'German' })
    form(actor).send({ type: 'variables.submit' })
    expect(log).toEqual(['input: Translate good night into German', 'Running prompt: Translate'])
    expect(actor.getSnapshot().hasTag('open')).toBe(false)
  })

  it('Cancel changes nothing: the library stays, the input is not touched', async () => {
    const { actor, log } = startLibrary()
    await flush()
    actor.send({ type: 'prompt.run', prompt: TRANSLATE })
    form(actor).send({ type: 'variables.cancel' })
    expect(log).toEqual([])
    expect(actor.getSnapshot().matches({ open: 'ready' })).toBe(true)
  })
})

describe('quick-prompt run with variables', () => {
  function startQuick() {
    const clock = new SimulatedClock()
    const log: string[] = []
    const actor = createActor(
      quickPromptsMachine.provide({
        actors: {
          'load quick prompts': fromPromise(async () => [{ id: 'q1', prompt: TRANSLATE }]),
        },
        actions: {
          notify: (_, n: Notice) => {
            log.push(n.message)
          },
          'fill chat input': (_, { content }: { content: string }) => {
            log.push(`input: ${content}`)
          },
          'send message': () => {
            log.push('send')
          },
        },
      }),
      { clock },
    ).start()
    actor.send({ type: 'quick.open' })
    return { actor, log, clock }
  }

  it('the 100 ms auto-send starts on Submit, never before', async () => {
    const { actor, log, clock } = startQuick()
    await flush()
    actor.send({ type: 'quick.run', prompt: TRANSLATE })
    // The form is up, over the panel; however long it stays, nothing is filled or sent.
    expect(actor.getSnapshot().hasTag('open')).toBe(true)
    clock.increment(60_000)
    expect(log).toEqual([])
    fill(actor, { text: 'hi' })
    form(actor).send({ type: 'variables.submit' })
    expect(log).toEqual(['input: Translate hi into French', 'Running: Translate'])
    expect(actor.getSnapshot().hasTag('open')).toBe(false)
    clock.increment(QUICK_SEND_DELAY_MS - 1)
    expect(log).not.toContain('send')
    clock.increment(1)
    expect(log.at(-1)).toBe('send')
  })

  it('Cancel changes nothing: no input, no send, the panel still open', async () => {
    const { actor, log, clock } = startQuick()
    await flush()
    actor.send({ type: 'quick.run', prompt: TRANSLATE })
    form(actor).send({ type: 'variables.cancel' })
    clock.increment(1000)
    expect(log).toEqual([])
    expect(actor.getSnapshot().hasTag('open')).toBe(true)
    expect(actor.getSnapshot().matches({ run: 'idle' })).toBe(true)
  })
})

describe('activating a system prompt with variables', () => {
  const PERSONA: ToggleTarget = {
    id: 's_persona',
    title: 'Persona',
    content: 'You are a {{role:pirate|poet}}. Answer in {{language}}.',
    type: 'system',
    isActive: false,
  }
  const STORED: ActivePrompt = { id: PERSONA.id, title: PERSONA.title, content: PERSONA.content }

  function startActivation(
    options: { load?: ActivePrompt | null; kept?: Record<string, string> } = {},
  ) {
    const log: Array<[string, unknown]> = []
    const actor = createActor(
      promptActivationMachine.provide({
        actors: {
          'load active prompt': fromPromise(async () => options.load ?? null),
          'activate prompt': fromPromise(async ({ input }): Promise<unknown> => {
            log.push(['activate', input.prompt])
            return undefined
          }),
          'deactivate prompt': fromPromise(async (): Promise<unknown> => undefined),
          'recall values': fromPromise(async ({ input }) => {
            log.push(['recall', input.promptId])
            if (!options.kept) throw new Error('nothing kept')
            return options.kept
          }),
        },
        actions: {
          notify: (_, n: Notice) => {
            log.push(['notify', n.message])
          },
          'tell chat': (_, { prompt }) => {
            log.push(['chat', prompt])
          },
          'notify parent': (_, { prompt }) => {
            log.push(['parent', prompt])
          },
          'announce change': () => {},
          'report outcome': (_, outcome) => {
            log.push(['outcome', outcome])
          },
          'remember values': (_, params) => {
            log.push(['remember', params])
          },
        },
      }),
    ).start()
    actor.send({ type: 'session.start' })
    return { actor, log }
  }

  it('is filled on activation; the chat and the parent get the filled text, the store keeps the template', async () => {
    const { actor, log } = startActivation()
    await flush()
    log.length = 0
    actor.send({ type: 'prompt.toggleActive', prompt: PERSONA })
    expect(log).toEqual([])
    fill(actor, { role: 'poet', language: 'Welsh' })
    form(actor).send({ type: 'variables.submit' })
    await flush()
    const filled = { ...STORED, content: 'You are a poet. Answer in Welsh.' }
    expect(log).toEqual([
      ['activate', STORED],
      ['remember', { promptId: PERSONA.id, values: { role: 'poet', language: 'Welsh' } }],
      ['chat', filled],
      ['parent', filled],
      ['notify', 'Activated: Persona'],
      ['outcome', { promptId: PERSONA.id, isActive: true, ok: true }],
    ])
    expect(actor.getSnapshot().context.active).toEqual(STORED)
  })

  it('Cancel changes nothing (an extension waiting hears it failed)', async () => {
    const { actor, log } = startActivation()
    await flush()
    log.length = 0
    actor.send({ type: 'prompt.toggleActive', prompt: PERSONA })
    form(actor).send({ type: 'variables.cancel' })
    await flush()
    expect(log).toEqual([['outcome', { promptId: PERSONA.id, isActive: true, ok: false }]])
    expect(actor.getSnapshot().context.active).toBeNull()
  })

  it('loaded at sign-in, it is filled as it was when activated in this browser', async () => {
    const { log } = startActivation({ load: STORED, kept: { role: 'poet', language: 'Welsh' } })
    await flush()
    expect(log).toEqual([
      ['recall', PERSONA.id],
      ['chat', { ...STORED, content: 'You are a poet. Answer in Welsh.' }],
    ])
  })

  it('with nothing kept, the defaults fill it', async () => {
    const { log } = startActivation({ load: STORED })
    await flush()
    expect(log).toEqual([
      ['recall', PERSONA.id],
      ['chat', { ...STORED, content: 'You are a pirate. Answer in .' }],
    ])
  })
})
