import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { LibraryList, LibraryPrompt } from '../../src/domain/prompt-types'
import type { Notice } from '../../src/machines/notice'
import {
  type CreateDraft,
  type EditDraft,
  type LibraryEvent,
  promptLibraryMachine,
} from '../../src/machines/prompt-library.machine'
import { settles, walkEveryTransition } from '../support/model-walk'
import { flush, libraryPrompt } from './prompt-fixtures'

const USER = libraryPrompt()
const SYSTEM = libraryPrompt({ id: 'p2', type: 'system', title: 'Reviewer' })
/** A user prompt whose Run opens the variables form (docs/product/variables.md). */
const WITH_VARIABLES = libraryPrompt({
  id: 'p3',
  title: 'Translate',
  content: 'Translate {{text}} into {{language:French|German}}',
})

interface Fakes {
  load?: (tab: LibraryList) => Promise<LibraryPrompt[]>
  create?: (draft: CreateDraft) => Promise<unknown>
  update?: (draft: EditDraft) => Promise<unknown>
  rate?: (input: { promptId: string; rating: number }) => Promise<unknown>
  saveCopy?: () => Promise<'saved' | 'alreadySaved'>
  unhide?: (prompt: LibraryPrompt) => Promise<unknown>
  remove?: () => Promise<'deleted' | 'hidden'>
  copy?: (text: string) => Promise<unknown>
}

function startLibrary(fakes: Fakes = {}) {
  const notices: Notice[] = []
  const filled: string[] = []
  const changed: string[] = []
  const loads: LibraryList[] = []
  const created: CreateDraft[] = []
  const updated: EditDraft[] = []
  const actor = createActor(
    promptLibraryMachine.provide({
      actors: {
        'load prompts': fromPromise(async ({ input }) => {
          loads.push(input.tab)
          return fakes.load ? fakes.load(input.tab) : [USER, SYSTEM]
        }),
        'create prompt': fromPromise(async ({ input }) => {
          created.push(input)
          return fakes.create?.(input)
        }),
        'update prompt': fromPromise(async ({ input }) => {
          updated.push(input)
          return fakes.update?.(input)
        }),
        'rate prompt': fromPromise(async ({ input }) => fakes.rate?.(input)),
        'save prompt copy': fromPromise(async () => (fakes.saveCopy ? fakes.saveCopy() : 'saved')),
        'unhide prompt': fromPromise(async ({ input }) => fakes.unhide?.(input.prompt)),
        'delete or hide prompt': fromPromise(async () =>
          fakes.remove ? fakes.remove() : 'deleted',
        ),
        'copy text': fromPromise(async ({ input }) => fakes.copy?.(input.text)),
      },
      actions: {
        notify: (_, notice: Notice) => {
          notices.push(notice)
        },
        'fill chat input': (_, { content }: { content: string }) => {
          filled.push(content)
        },
        'announce change': (_, { promptId }: { promptId: string }) => {
          changed.push(promptId)
        },
      },
    }),
    { input: { shareOrigin: 'https://chat.example.com' } },
  )
  actor.start()
  const messages = () => notices.map((n) => n.message)
  /** Sends each event and lets its effect settle before the next. */
  const settleEach = async (...events: LibraryEvent[]) => {
    for (const event of events) {
      actor.send(event)
      await flush()
    }
  }
  return {
    actor,
    notices,
    messages,
    settleEach,
    filled,
    changed,
    loads,
    created,
    updated,
  }
}

const fail = () => Promise.reject(new Error('boom'))

async function opened(fakes: Fakes = {}) {
  const lib = startLibrary(fakes)
  await lib.settleEach({ type: 'library.open' })
  return lib
}

describe('prompt library machine', () => {
  it('opens on Browse Public, loads, and reloads on every tab change', async () => {
    const lib = await opened()
    // Share links are built on the origin the binding hands in.
    expect(lib.actor.getSnapshot().context.shareOrigin).toBe('https://chat.example.com')
    expect(lib.actor.getSnapshot().context.prompts).toEqual([USER, SYSTEM])
    await lib.settleEach(
      { type: 'library.tab.change', tab: 'mine' },
      { type: 'library.tab.change', tab: 'public' },
    )
    expect(lib.loads).toEqual(['public', 'mine', 'public'])
  })

  it("a failed load shows 'Failed to load prompts' and an empty list", async () => {
    const lib = await opened({ load: fail })
    expect(lib.messages()).toEqual(['Failed to load prompts'])
    expect(lib.actor.getSnapshot().context.prompts).toEqual([])
    expect(lib.actor.getSnapshot().matches({ open: 'ready' })).toBe(true)
  })

  it('Run passes a user prompt to the chat input and closes; system prompts do not run', async () => {
    const lib = await opened()
    lib.actor.send({ type: 'prompt.run', prompt: SYSTEM })
    expect(lib.filled).toEqual([])
    lib.actor.send({ type: 'prompt.run', prompt: USER })
    expect(lib.filled).toEqual(['Summarise this text'])
    expect(lib.messages()).toEqual(['Running prompt: Summarise'])
    expect(lib.actor.getSnapshot().hasTag('open')).toBe(false)
  })

  it('create: blank values are refused, values are trimmed, success reloads', async () => {
    const lib = await opened()
    lib.actor.send({ type: 'create.open' })
    lib.actor.send({ type: 'create.change', patch: { title: '  ', content: 'x' } })
    lib.actor.send({ type: 'create.submit' })
    expect(lib.messages()).toEqual(['Title and content are required'])
    expect(lib.actor.getSnapshot().hasTag('creating')).toBe(true)
    lib.actor.send({
      type: 'create.change',
      patch: { title: '  Hi  ', content: ' Body ', type: 'system', isPublic: true },
    })
    lib.actor.send({ type: 'create.submit' })
    await flush()
    expect(lib.created).toEqual([{ title: 'Hi', content: 'Body', type: 'system', isPublic: true }])
    expect(lib.messages().at(-1)).toBe('Prompt created successfully')
    expect(lib.loads).toHaveLength(2)
    expect(lib.actor.getSnapshot().hasTag('creating')).toBe(false)
  })

  it('Create opens while the list is read (as it is right after a create); closing the form reads it again', async () => {
    let release: (prompts: LibraryPrompt[]) => void = () => {}
    const lib = startLibrary({ load: () => new Promise((resolve) => (release = resolve)) })
    lib.actor.send({ type: 'library.open' })
    expect(lib.actor.getSnapshot().hasTag('busy')).toBe(true)
    lib.actor.send({ type: 'create.open' })
    expect(lib.actor.getSnapshot().hasTag('creating')).toBe(true)
    expect(lib.actor.getSnapshot().context.create.title).toBe('')
    lib.actor.send({ type: 'form.cancel' })
    expect(lib.loads).toEqual(['public', 'public'])
    release([USER])
    await flush()
    expect(lib.actor.getSnapshot().context.prompts).toEqual([USER])
    expect(lib.actor.getSnapshot().hasTag('busy')).toBe(false)
  })

  it("create failure keeps the dialog open with 'Failed to create prompt'", async () => {
    const lib = await opened({ create: fail })
    lib.actor.send({ type: 'create.open' })
    lib.actor.send({ type: 'create.change', patch: { title: 'a', content: 'b' } })
    lib.actor.send({ type: 'create.submit' })
    await flush()
    expect(lib.messages()).toEqual(['Failed to create prompt'])
    expect(lib.actor.getSnapshot().hasTag('creating')).toBe(true)
  })

  it('edit: trimmed save, required check, and failure', async () => {
    const lib = await opened()
    lib.actor.send({ type: 'prompt.edit', prompt: USER })
    expect(lib.actor.getSnapshot().context.edit).toEqual({
      id: 'p1',
      title: 'Summarise',
      content: 'Summarise this text',
      type: 'user',
      isPublic: true,
    })
    lib.actor.send({ type: 'edit.change', patch: { content: '' } })
    lib.actor.send({ type: 'edit.submit' })
    expect(lib.messages()).toEqual(['Title and content are required'])
    lib.actor.send({ type: 'edit.change', patch: { content: ' New ' } })
    lib.actor.send({ type: 'edit.submit' })
    await flush()
    expect(lib.updated).toEqual([
      { id: 'p1', title: 'Summarise', content: 'New', type: 'user', isPublic: true },
    ])
    expect(lib.messages().at(-1)).toBe('Prompt updated successfully')
    // The activation re-reads the prompt if it is the active one.
    expect(lib.changed).toEqual(['p1'])

    const failing = await opened({ update: fail })
    failing.actor.send({ type: 'prompt.edit', prompt: USER })
    failing.actor.send({ type: 'edit.submit' })
    await flush()
    expect(failing.messages()).toEqual(['Failed to update prompt'])
    expect(failing.actor.getSnapshot().hasTag('editing')).toBe(true)
    expect(failing.changed).toEqual([])
  })

  it('the prompts changing elsewhere never cut an Edit Prompt form short: the list is read once it closes', async () => {
    const lib = await opened()
    lib.actor.send({ type: 'prompt.edit', prompt: USER })
    lib.actor.send({ type: 'edit.change', patch: { title: 'Half typed' } })
    await lib.settleEach({ type: 'library.refresh' }, { type: 'library.refresh' })
    expect(lib.actor.getSnapshot().hasTag('editing')).toBe(true)
    expect(lib.actor.getSnapshot().context.edit.title).toBe('Half typed')
    expect(lib.loads).toEqual(['public'])
    await lib.settleEach({ type: 'form.cancel' })
    // Once, however many changes came meanwhile.
    expect(lib.loads).toEqual(['public', 'public'])
    // At rest, a change is read at once, quietly: not busy, and a click meanwhile is taken.
    lib.actor.send({ type: 'library.refresh' })
    expect(lib.loads).toEqual(['public', 'public', 'public'])
    expect(lib.actor.getSnapshot().hasTag('busy')).toBe(false)
    lib.actor.send({ type: 'prompt.edit', prompt: USER })
    expect(lib.actor.getSnapshot().hasTag('editing')).toBe(true)
  })

  it('a quiet read that fails leaves the list as it was', async () => {
    let failing = false
    const lib = await opened({ load: () => (failing ? fail() : Promise.resolve([USER, SYSTEM])) })
    failing = true
    await lib.settleEach({ type: 'library.refresh' })
    expect(lib.actor.getSnapshot().context.prompts).toEqual([USER, SYSTEM])
    expect(lib.messages()).toEqual([])
  })

  it('edit changes the type and the visibility', async () => {
    const lib = await opened()
    lib.actor.send({ type: 'prompt.edit', prompt: SYSTEM })
    lib.actor.send({ type: 'edit.change', patch: { type: 'user' } })
    lib.actor.send({ type: 'edit.change', patch: { isPublic: false } })
    lib.actor.send({ type: 'edit.submit' })
    await flush()
    expect(lib.updated).toEqual([
      { id: 'p2', title: 'Reviewer', content: SYSTEM.content, type: 'user', isPublic: false },
    ])
  })

  it('Show hidden prompts lists the hidden ones; Unhide brings one back; the tab and closing reset it', async () => {
    const unhidden: string[] = []
    const lib = await opened({ unhide: async (prompt) => unhidden.push(prompt.id) })
    await lib.settleEach({ type: 'library.hidden.toggle' })
    expect(lib.actor.getSnapshot().context.tab).toBe('hidden')
    expect(lib.loads).toEqual(['public', 'hidden'])
    await lib.settleEach({ type: 'prompt.unhide', prompt: USER })
    expect(unhidden).toEqual(['p1'])
    expect(lib.messages()).toEqual(['"Summarise" is back in your library'])
    // The hidden list is read again after it; the toggle again shows Browse Public.
    await lib.settleEach({ type: 'library.hidden.toggle' })
    expect(lib.loads).toEqual(['public', 'hidden', 'hidden', 'public'])
    await lib.settleEach(
      { type: 'library.hidden.toggle' },
      { type: 'library.tab.change', tab: 'mine' },
    )
    expect(lib.loads.at(-1)).toBe('mine')
    // Closing keeps the tab chosen, but not the hidden list.
    await lib.settleEach({ type: 'library.close' }, { type: 'library.open' })
    expect(lib.loads.at(-1)).toBe('mine')
    await lib.settleEach(
      { type: 'library.tab.change', tab: 'public' },
      { type: 'library.hidden.toggle' },
      { type: 'library.close' },
      { type: 'library.open' },
    )
    expect(lib.loads.at(-1)).toBe('public')

    const failing = await opened({ unhide: fail })
    await failing.settleEach({ type: 'prompt.unhide', prompt: USER })
    expect(failing.messages()).toEqual(['Failed to unhide prompt'])
    expect(failing.actor.getSnapshot().matches({ open: 'ready' })).toBe(true)
  })

  it('saving a copy the user already has says so, and stores nothing new', async () => {
    const lib = await opened({ saveCopy: async () => 'alreadySaved' })
    await lib.settleEach({ type: 'prompt.saveCopy', prompt: USER })
    expect(lib.notices).toEqual([
      { kind: 'info', message: '"Summarise" is already in your prompts' },
    ])
    // Nothing changed: the list is not read again.
    expect(lib.loads).toEqual(['public'])
  })

  it('rates whole stars 1-5 only, with both toasts', async () => {
    const rated: unknown[] = []
    const lib = await opened({ rate: async (input) => rated.push(input) })
    lib.actor.send({ type: 'prompt.rate', prompt: USER, rating: 0 })
    lib.actor.send({ type: 'prompt.rate', prompt: USER, rating: 2.5 })
    lib.actor.send({ type: 'prompt.rate', prompt: USER, rating: 4 })
    await flush()
    expect(rated).toEqual([{ promptId: 'p1', rating: 4 }])
    expect(lib.messages()).toEqual(['Rating saved'])
    const failing = await opened({ rate: fail })
    failing.actor.send({ type: 'prompt.rate', prompt: USER, rating: 5 })
    await flush()
    expect(failing.messages()).toEqual(['Failed to save rating'])
  })

  it('a star clicked while the list is read again after a rating is saved too', async () => {
    const rated: unknown[] = []
    let loads = 0
    let release: (prompts: LibraryPrompt[]) => void = () => {}
    const lib = startLibrary({
      rate: async (input) => rated.push(input),
      // The first read answers at once; the one after the rating waits.
      load: () => (loads++ === 0 ? Promise.resolve([USER]) : new Promise((r) => (release = r))),
    })
    lib.actor.send({ type: 'library.open' })
    await flush()
    lib.actor.send({ type: 'prompt.rate', prompt: USER, rating: 1 })
    await flush()
    expect(lib.actor.getSnapshot().hasTag('busy')).toBe(true)
    lib.actor.send({ type: 'prompt.rate', prompt: USER, rating: 4 })
    release([USER])
    await flush()
    expect(rated).toEqual([
      { promptId: 'p1', rating: 1 },
      { promptId: 'p1', rating: 4 },
    ])
    expect(lib.messages()).toEqual(['Rating saved', 'Rating saved'])
  })

  it('Hide clicked while the list is read again after a Save is done too, not lost', async () => {
    let loads = 0
    let release: (prompts: LibraryPrompt[]) => void = () => {}
    const lib = startLibrary({
      remove: async () => 'hidden',
      // The first read answers at once; the one after the Save waits.
      load: () =>
        loads++ === 0 ? Promise.resolve([USER, SYSTEM]) : new Promise((r) => (release = r)),
    })
    lib.actor.send({ type: 'library.open' })
    await flush()
    lib.actor.send({ type: 'prompt.saveCopy', prompt: USER })
    await flush()
    expect(lib.actor.getSnapshot().hasTag('busy')).toBe(true)
    lib.actor.send({ type: 'prompt.delete', prompt: SYSTEM })
    release([USER, SYSTEM])
    await flush()
    expect(lib.messages()).toEqual([
      'Saved "Summarise" to your prompts',
      'Prompt hidden from your library',
    ])
  })

  it('save a copy, delete, hide and copy the link, each with its toasts', async () => {
    const saveDeleteAndShare = (link: string): LibraryEvent[] => [
      { type: 'prompt.saveCopy', prompt: USER },
      { type: 'prompt.delete', prompt: USER },
      { type: 'prompt.copyLink', prompt: USER, link },
    ]
    const lib = await opened({ remove: async () => 'hidden' })
    await lib.settleEach(...saveDeleteAndShare('http://x/?prompt=1'))
    expect(lib.messages()).toEqual([
      'Saved "Summarise" to your prompts',
      'Prompt hidden from your library',
      'Share link copied to clipboard!',
    ])
    const own = await opened()
    await own.settleEach({ type: 'prompt.delete', prompt: USER })
    expect(own.messages()).toEqual(['Prompt deleted successfully'])
    expect(own.changed).toEqual([USER.id])
    const failing = await opened({ saveCopy: fail, remove: fail, copy: fail })
    await failing.settleEach(...saveDeleteAndShare('x'))
    expect(failing.messages()).toEqual([
      'Failed to save prompt',
      'Failed to delete prompt',
      'Failed to copy URL',
    ])
  })
})

describe('prompt library machine model', () => {
  it('walks every declared transition on a real actor, with the tags the views read', async () => {
    const { missing, replays } = await walkEveryTransition({
      machine: promptLibraryMachine,
      events: [
        { type: 'library.open' },
        { type: 'library.close' },
        { type: 'library.refresh' },
        { type: 'library.tab.change', tab: 'mine' },
        { type: 'library.search.change', value: 'sum' },
        // docs/product/screens.md#favourites-and-tags: stars, tags and the filters.
        { type: 'library.filter.favourites' },
        { type: 'library.filter.tag', tag: 'work' },
        { type: 'prompt.favourite.toggle', prompt: USER },
        { type: 'prompt.tag.add', prompt: USER, text: 'work' },
        { type: 'prompt.tag.add', prompt: USER, text: 'x'.repeat(31) },
        { type: 'prompt.tag.remove', prompt: { ...USER, tags: ['work'] }, tag: 'work' },
        { type: 'marks.saved', write: { promptId: USER.id, favourite: true } },
        { type: 'marks.failed', write: { promptId: USER.id, tags: ['work'] } },
        // docs/product/search.md#the-prompt-library: the database's order for a query.
        { type: 'ranking.done', query: 'sum', order: [USER.id] },
        { type: 'prompt.run', prompt: USER },
        { type: 'prompt.run', prompt: WITH_VARIABLES },
        {
          type: 'xstate.done.actor.variables',
          output: { content: 'Translate hi into French', values: {} },
        },
        { type: 'xstate.done.actor.variables', output: null },
        // docs/product/prompt-files.md: export, and the import dialog's end.
        { type: 'prompts.export' },
        ...settles('export prompts', 3),
        { type: 'xstate.done.actor.export prompts', output: 0 },
        { type: 'import.open' },
        ...settles('importer loader'),
        { type: 'xstate.done.actor.import prompts', output: { imported: 2 } },
        { type: 'xstate.done.actor.import prompts', output: { imported: 0 } },
        { type: 'xstate.error.actor.import prompts', error: new Error('boom') },
        { type: 'prompt.rate', prompt: USER, rating: 4 },
        { type: 'prompt.saveCopy', prompt: USER },
        { type: 'prompt.delete', prompt: USER },
        { type: 'prompt.unhide', prompt: USER },
        { type: 'library.hidden.toggle' },
        { type: 'prompt.copyLink', prompt: USER, link: 'l' },
        { type: 'prompt.edit', prompt: USER },
        { type: 'create.open' },
        { type: 'create.change', patch: { title: 'T', content: 'C' } },
        { type: 'create.submit' },
        { type: 'edit.change', patch: { title: '' } },
        { type: 'edit.submit' },
        { type: 'form.cancel' },
        ...settles('load prompts', []),
        ...settles('create prompt'),
        ...settles('update prompt'),
        ...settles('rate prompt'),
        ...settles('save prompt copy', 'saved'),
        { type: 'xstate.done.actor.save prompt copy', output: 'alreadySaved' },
        ...settles('unhide prompt'),
        { type: 'xstate.done.actor.delete or hide prompt', output: 'deleted' },
        ...settles('delete or hide prompt', 'hidden'),
        ...settles('copy text'),
      ],
      deferredActors: [
        'load prompts',
        'marks',
        'ranking',
        'create prompt',
        'update prompt',
        'rate prompt',
        'save prompt copy',
        'unhide prompt',
        'delete or hide prompt',
        'copy text',
        'variables form',
        'export prompts',
        'load importer',
        'import prompts',
      ],
      noopActions: ['notify', 'fill chat input', 'announce change', 'announce library opened'],
      serialize: ({ value, context }) => {
        const c = context as { create: CreateDraft; edit: EditDraft; stale: boolean }
        const full = (d: { title: string; content: string }) =>
          !!d.title.trim() && !!d.content.trim()
        return JSON.stringify([value, full(c.create), full(c.edit), c.stale])
      },
      tags: ['open', 'busy', 'creating', 'editing', 'importing'],
    })
    expect(replays).toBeGreaterThan(30)
    expect(missing).toEqual([])
  })
})
