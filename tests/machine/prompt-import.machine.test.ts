import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { PromptFileEntry } from '../../src/domain/prompt-files'
import type { LibraryPrompt } from '../../src/domain/prompt-types'
import type { Notice } from '../../src/machines/notice'
import {
  type ImportEvent,
  type ImportFile,
  promptImportMachine,
} from '../../src/machines/prompt-import.machine'
import { promptLibraryMachine } from '../../src/machines/prompt-library.machine'
import { walkEveryTransition } from '../support/model-walk'
import { flush } from './prompt-fixtures'

const CSV = 'title,content,type\nMine already,Same text,user\nNew one,Fresh text,system\n'
const file = (size = 100, name = 'prompts.csv'): ImportFile => ({ name, size })

interface Fakes {
  read?: () => Promise<string>
  mine?: () => Promise<Array<{ title: string; content: string }>>
  write?: (prompts: PromptFileEntry[]) => Promise<number>
}

function startImport(fakes: Fakes = {}) {
  const notices: Notice[] = []
  const reads: ImportFile[] = []
  const writes: PromptFileEntry[][] = []
  const actor = createActor(
    promptImportMachine.provide({
      actors: {
        'read file': fromPromise(async ({ input }) => {
          reads.push(input.file)
          return fakes.read ? fakes.read() : CSV
        }),
        'load my prompts': fromPromise(async () =>
          fakes.mine ? fakes.mine() : [{ title: 'Mine already', content: 'Same text' }],
        ),
        'write prompts': fromPromise(async ({ input }) => {
          writes.push(input.prompts)
          return fakes.write ? fakes.write(input.prompts) : input.prompts.length
        }),
      },
      actions: { notify: (_, notice: Notice) => void notices.push(notice) },
    }),
  )
  actor.start()
  const send = async (...events: ImportEvent[]) => {
    for (const event of events) {
      actor.send(event)
      await flush()
    }
  }
  return { actor, notices, reads, writes, send, snapshot: () => actor.getSnapshot() }
}

describe('the import machine', () => {
  it('reads, previews what it adds and skips, and writes only the new ones', async () => {
    const run = startImport()
    await run.send({ type: 'import.file', file: file() })
    expect(run.snapshot().value).toBe('preview')
    expect(run.snapshot().context.source).toBe('csv')
    expect(run.snapshot().context.plan).toEqual({
      add: [{ title: 'New one', content: 'Fresh text', type: 'system', isPublic: false }],
      duplicates: [{ title: 'Mine already', content: 'Same text', type: 'user', isPublic: false }],
    })
    expect(run.writes).toEqual([])
    await run.send({ type: 'import.confirm' })
    expect(run.writes).toEqual([
      [{ title: 'New one', content: 'Fresh text', type: 'system', isPublic: false }],
    ])
    expect(run.notices).toEqual([{ kind: 'success', message: 'Imported 1 prompt' }])
    expect(run.snapshot().status).toBe('done')
    expect(run.snapshot().output).toEqual({ imported: 1 })
  })

  it('refuses a file over 5 MB before reading it; another file can be chosen', async () => {
    const run = startImport()
    await run.send({ type: 'import.file', file: file(5 * 1024 * 1024 + 1, 'huge.json') })
    expect(run.snapshot().value).toBe('failed')
    expect(run.snapshot().context.error).toBe(
      'This file is larger than 5 MB. Choose a smaller file.',
    )
    expect(run.reads).toEqual([])
    // Exactly 5 MB is read.
    await run.send({ type: 'import.file', file: file(5 * 1024 * 1024) })
    expect(run.snapshot().value).toBe('preview')
    expect(run.snapshot().context.error).toBeNull()
  })

  it('a malformed file says why and writes nothing; back returns to choosing', async () => {
    const run = startImport({ read: async () => '[{"title": "x"}]' })
    await run.send({ type: 'import.file', file: file(10, 'x.json') })
    expect(run.snapshot().value).toBe('failed')
    expect(run.snapshot().context.error).toMatch(/^This is not a prompt file/)
    await run.send({ type: 'import.back' })
    expect(run.snapshot().value).toBe('choosing')
    expect(run.snapshot().context.file).toBeNull()
    expect(run.writes).toEqual([])
  })

  it('a file it cannot read, or my prompts failing to load, import nothing', async () => {
    const unreadable = startImport({ read: () => Promise.reject(new Error('io')) })
    await unreadable.send({ type: 'import.file', file: file() })
    expect(unreadable.snapshot().context.error).toBe('The file could not be read.')
    const unloaded = startImport({ mine: () => Promise.reject(new Error('db')) })
    await unloaded.send({ type: 'import.file', file: file() })
    expect(unloaded.snapshot().context.error).toBe(
      'Could not load your prompts to compare with. Nothing was imported.',
    )
    expect([...unreadable.writes, ...unloaded.writes]).toEqual([])
  })

  it('nothing new: Import does nothing, and Cancel ends with nothing imported', async () => {
    const run = startImport({
      mine: async () => [
        { title: 'Mine already', content: 'Same text' },
        { title: 'New one', content: 'Fresh text' },
      ],
    })
    await run.send({ type: 'import.file', file: file() }, { type: 'import.confirm' })
    expect(run.snapshot().value).toBe('preview')
    await run.send({ type: 'import.cancel' })
    expect(run.snapshot().status).toBe('done')
    expect(run.snapshot().output).toEqual({ imported: 0 })
    expect(run.writes).toEqual([])
  })

  it('a failed batch imports nothing and says so; closing while it runs is not heard', async () => {
    let fail: (error: Error) => void = () => {}
    const run = startImport({ write: () => new Promise((_, reject) => (fail = reject)) })
    await run.send({ type: 'import.file', file: file() }, { type: 'import.confirm' })
    await run.send({ type: 'import.cancel' })
    expect(run.snapshot().value).toBe('importing')
    fail(new Error('statement 0: boom'))
    await flush()
    expect(run.snapshot().value).toBe('failed')
    expect(run.snapshot().context.error).toBe('Failed to import the prompts. Nothing was imported.')
    expect(run.notices).toEqual([])
  })
})

describe('the library around it', () => {
  function startLibrary(exported: () => Promise<number>) {
    const notices: Notice[] = []
    const tabs: string[] = []
    const actor = createActor(
      promptLibraryMachine.provide({
        actors: {
          'load prompts': fromPromise(async ({ input }) => {
            tabs.push(input.tab)
            return []
          }),
          'export prompts': fromPromise(exported),
          'load importer': fromPromise(async () => {}),
          'import prompts': promptImportMachine.provide({
            actors: {
              'read file': fromPromise(async () => CSV),
              'load my prompts': fromPromise(
                async () => [] as Array<{ title: string; content: string }>,
              ),
              'write prompts': fromPromise(async ({ input }) => input.prompts.length),
            },
            actions: { notify: () => {} },
          }),
        },
        actions: { notify: (_, notice: Notice) => void notices.push(notice) },
      }),
      { input: {} },
    )
    actor.start()
    actor.send({ type: 'library.open' })
    return { actor, notices, tabs }
  }

  it('Export says how many it wrote, that there was nothing, or that it failed', async () => {
    for (const [exported, message] of [
      [async () => 3, 'Exported 3 prompts'],
      [async () => 1, 'Exported 1 prompt'],
      [async () => 0, 'You have no prompts to export yet'],
      [() => Promise.reject(new Error('x')), 'Failed to export prompts'],
    ] as const) {
      const library = startLibrary(exported)
      await flush()
      library.actor.send({ type: 'prompts.export' })
      await flush()
      expect(library.notices.map((n) => n.message)).toEqual([message])
      expect(library.actor.getSnapshot().matches({ open: 'ready' })).toBe(true)
    }
  })

  it('an import whose code does not arrive says so; the library stays open', async () => {
    const notices: Notice[] = []
    const actor = createActor(
      promptLibraryMachine.provide({
        actors: {
          'load prompts': fromPromise(async (): Promise<LibraryPrompt[]> => []),
          'load importer': fromPromise(async () => Promise.reject(new Error('chunk gone'))),
        },
        actions: { notify: (_, notice: Notice) => void notices.push(notice) },
      }),
      { input: {} },
    )
    actor.start()
    actor.send({ type: 'library.open' })
    await flush()
    actor.send({ type: 'import.open' })
    await flush()
    expect(notices.map((n) => n.message)).toEqual([
      'Could not open the import. Please reload the page.',
    ])
    expect(actor.getSnapshot().matches({ open: 'ready' })).toBe(true)
  })

  it('after an import that added prompts, My Prompts is shown, reloaded', async () => {
    const library = startLibrary(async () => 0)
    await flush()
    library.actor.send({ type: 'import.open' })
    await flush() // the import's code arrives
    expect(library.actor.getSnapshot().hasTag('importing')).toBe(true)
    const importer = library.actor.getSnapshot().children['import prompts']
    importer?.send({ type: 'import.file', file: file() })
    await flush()
    importer?.send({ type: 'import.confirm' })
    await flush()
    expect(library.actor.getSnapshot().context.tab).toBe('mine')
    expect(library.tabs).toEqual(['public', 'mine'])
    expect(library.actor.getSnapshot().hasTag('importing')).toBe(false)
  })
})

describe('import machine model', () => {
  it('walks every declared transition', async () => {
    const { replays, missing } = await walkEveryTransition({
      machine: promptImportMachine,
      events: [
        { type: 'import.file', file: file() },
        { type: 'import.file', file: file(6 * 1024 * 1024) },
        { type: 'import.confirm' },
        { type: 'import.back' },
        { type: 'import.cancel' },
        { type: 'xstate.done.actor.read file', output: CSV },
        { type: 'xstate.done.actor.read file', output: 'not,a\nprompt,file' },
        { type: 'xstate.error.actor.read file', error: new Error('io') },
        { type: 'xstate.done.actor.load my prompts', output: [] },
        {
          type: 'xstate.done.actor.load my prompts',
          output: [
            { title: 'Mine already', content: 'Same text' },
            { title: 'New one', content: 'Fresh text' },
          ],
        },
        { type: 'xstate.error.actor.load my prompts', error: new Error('db') },
        { type: 'xstate.done.actor.write prompts', output: 1 },
        { type: 'xstate.error.actor.write prompts', error: new Error('batch') },
      ],
      deferredActors: ['read file', 'load my prompts', 'write prompts'],
      noopActions: ['notify'],
      serialize: (s) => JSON.stringify([s.value, s.context.plan.add.length, s.context.error]),
      tags: ['busy', 'preview', 'failed'],
    })
    expect(replays).toBeGreaterThan(20)
    expect(missing).toEqual([])
  })
})
