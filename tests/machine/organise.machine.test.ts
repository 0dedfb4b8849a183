import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Conversation } from '../../src/domain/conversation'
import {
  type ConversationFolder,
  FOLDER_NAME_EMPTY_MESSAGE,
  FOLDER_NAME_TAKEN_MESSAGE,
  FOLDER_NAME_TOO_LONG_MESSAGE,
} from '../../src/domain/conversation-folder'
import { ORGANISE_MESSAGES } from '../../src/domain/organise-messages'
import type { Notice } from '../../src/machines/notice'
import { type OrganiseEvent, organiseMachine } from '../../src/machines/organise.machine'
import { settles, walkEveryTransition } from '../support/model-walk'
import { flush } from './prompt-fixtures'

const folder = (id: string, name: string): ConversationFolder => ({
  id,
  userId: 'user_a',
  name,
  createdAt: '2026-05-01T10:00:00.000Z',
})
const chat = (id: string, more: Partial<Conversation> = {}): Conversation => ({
  id,
  userId: 'user_a',
  title: `Chat ${id}`,
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-02T10:00:00.000Z',
  ...more,
})
const WORK = folder('f_work', 'Work')
const HOME = folder('f_home', 'home')

interface Fakes {
  fail?: 'change' | 'create' | 'rename' | 'delete' | 'load' | 'export'
  /** The folders closed on the last visit. */
  closed?: string[]
}

/** The organiser with recording fakes: `log` holds every effect and report, in order. */
async function organiser(fakes: Fakes = {}) {
  const log: string[] = []
  const failing = (what: Fakes['fail']) => {
    if (fakes.fail === what) throw new Error('offline')
  }
  const actor = createActor(
    organiseMachine.provide({
      actors: {
        'load folders': fromPromise(async () => {
          failing('load')
          return { folders: [WORK, HOME], closed: fakes.closed ?? [] }
        }),
        'change conversation': fromPromise(async ({ input }) => {
          log.push(`change ${input.conversation.id} ${JSON.stringify(input.change)}`)
          failing('change')
          return { ...input.conversation, ...input.change }
        }),
        'export conversation': fromPromise(async ({ input }) => {
          log.push(`export ${input.conversation.id} as ${input.format}`)
          failing('export')
        }),
        'create folder': fromPromise(async ({ input }) => {
          log.push(`create "${input.name}"`)
          failing('create')
          return folder('f_new', input.name)
        }),
        'rename folder': fromPromise(async ({ input }) => {
          log.push(`rename ${input.folder.id} to "${input.name}"`)
          failing('rename')
          return { ...input.folder, name: input.name }
        }),
        'delete folder': fromPromise(async ({ input }) => {
          log.push(`delete ${input.id}, moving to ${input.moveTo}`)
          failing('delete')
          return [chat('c_in_work', { folderId: input.moveTo })]
        }),
      },
      actions: {
        notify: (_, notice: Notice) => {
          log.push(`${notice.kind}: ${notice.message}`)
        },
        'remember closed': (_, { closed }) => {
          log.push(`remember closed [${closed.join(', ')}]`)
        },
        // What the app machine passes on to the conversations list.
        'report changed': ({ event }) => {
          const output = (event as unknown as { output: Conversation | Conversation[] }).output
          for (const c of [output].flat())
            log.push(`changed ${c.id}: pinned ${c.pinned ?? false}, folder ${c.folderId ?? null}`)
        },
      },
    }),
  )
  actor.start()
  await flush()
  const send = (event: OrganiseEvent) => actor.send(event)
  const context = () => actor.getSnapshot().context
  return { actor, log, send, context }
}

describe('organise machine: pins and moves', () => {
  it('loads the folders by name, whatever their case', async () => {
    const { context } = await organiser()
    expect(context().folders.map((f) => f.name)).toEqual(['home', 'Work'])
  })

  it('folders closed on the last visit start closed, of those still there; each toggle is kept', async () => {
    const { send, context, log } = await organiser({ closed: [HOME.id, 'f_deleted_elsewhere'] })
    expect(context().closed).toEqual([HOME.id])
    send({ type: 'folder.toggle', id: WORK.id })
    send({ type: 'folder.toggle', id: HOME.id })
    expect(context().closed).toEqual([WORK.id])
    expect(log).toEqual([
      `remember closed [${HOME.id}, ${WORK.id}]`,
      `remember closed [${WORK.id}]`,
    ])
  })

  it("folders that fail to load say 'Failed to load folders'; pins still work", async () => {
    const { log, send, context } = await organiser({ fail: 'load' })
    expect(log).toEqual([`error: ${ORGANISE_MESSAGES.foldersLoadFailed}`])
    expect(context().folders).toEqual([])
    send({ type: 'conversation.pin', conversation: chat('c1'), pinned: true })
    await flush()
    expect(log.slice(1)).toEqual([
      'change c1 {"pinned":true}',
      'changed c1: pinned true, folder null',
    ])
  })

  it('pins and unpins; pinning the pinned saves nothing', async () => {
    const { log, send } = await organiser()
    send({ type: 'conversation.pin', conversation: chat('c1', { pinned: true }), pinned: true })
    await flush()
    expect(log).toEqual([])
    send({ type: 'conversation.pin', conversation: chat('c1', { pinned: true }), pinned: false })
    await flush()
    expect(log).toEqual(['change c1 {"pinned":false}', 'changed c1: pinned false, folder null'])
  })

  it('Move opens for a conversation, moves it into the folder chosen, and closes', async () => {
    const { actor, log, send, context } = await organiser()
    send({ type: 'move.start', conversation: chat('c1') })
    expect(actor.getSnapshot().hasTag('moving')).toBe(true)
    expect(context().moving?.id).toBe('c1')
    send({ type: 'conversation.move', folderId: WORK.id })
    await flush()
    expect(actor.getSnapshot().hasTag('moving')).toBe(false)
    expect(log).toEqual([
      'change c1 {"folderId":"f_work"}',
      'changed c1: pinned false, folder f_work',
    ])
  })

  it('choosing the folder it is in already closes the dialog and saves nothing', async () => {
    const { actor, log, send } = await organiser()
    send({ type: 'move.start', conversation: chat('c1', { folderId: WORK.id }) })
    send({ type: 'conversation.move', folderId: WORK.id })
    await flush()
    expect(actor.getSnapshot().hasTag('moving')).toBe(false)
    expect(log).toEqual([])
  })

  it.each([
    ['pin', true, ORGANISE_MESSAGES.pinFailed],
    ['unpin', false, ORGANISE_MESSAGES.unpinFailed],
  ] as const)('a %s that fails says so and reports nothing', async (_, pinned, message) => {
    const { log, send } = await organiser({ fail: 'change' })
    send({ type: 'conversation.pin', conversation: chat('c1', { pinned: !pinned }), pinned })
    await flush()
    expect(log).toEqual([`change c1 {"pinned":${pinned}}`, `error: ${message}`])
  })

  it("a move that fails says 'Failed to move conversation'", async () => {
    const { log, send } = await organiser({ fail: 'change' })
    send({ type: 'move.start', conversation: chat('c1') })
    send({ type: 'conversation.move', folderId: HOME.id })
    await flush()
    expect(log).toEqual([
      'change c1 {"folderId":"f_home"}',
      `error: ${ORGANISE_MESSAGES.moveFailed}`,
    ])
  })
})

describe('organise machine: export', () => {
  it('exports in the format asked; a failure says so', async () => {
    const ok = await organiser()
    ok.send({ type: 'conversation.export', conversation: chat('c1'), format: 'json' })
    expect(ok.actor.getSnapshot().hasTag('busy')).toBe(true)
    await flush()
    expect(ok.log).toEqual(['export c1 as json'])
    expect(ok.actor.getSnapshot().hasTag('busy')).toBe(false)

    const failing = await organiser({ fail: 'export' })
    failing.send({ type: 'conversation.export', conversation: chat('c2'), format: 'markdown' })
    await flush()
    expect(failing.log).toEqual([
      'export c2 as markdown',
      `error: ${ORGANISE_MESSAGES.exportFailed}`,
    ])
  })
})

describe('organise machine: folders', () => {
  it('a new folder is named, checked, created and listed by name', async () => {
    const { log, send, context } = await organiser()
    send({ type: 'folder.new' })
    send({ type: 'draft.save' })
    expect(context().draft?.error).toBe(FOLDER_NAME_EMPTY_MESSAGE)
    send({ type: 'draft.change', value: 'WORK' })
    expect(context().draft?.error).toBeNull()
    send({ type: 'draft.save' })
    expect(context().draft?.error).toBe(FOLDER_NAME_TAKEN_MESSAGE)
    send({ type: 'draft.change', value: 'x'.repeat(41) })
    send({ type: 'draft.save' })
    expect(context().draft?.error).toBe(FOLDER_NAME_TOO_LONG_MESSAGE)
    expect(log).toEqual([])
    send({ type: 'draft.change', value: '  Ideas  ' })
    send({ type: 'draft.save' })
    await flush()
    expect(log).toEqual(['create "Ideas"'])
    expect(context().draft).toBeNull()
    expect(context().folders.map((f) => f.name)).toEqual(['home', 'Ideas', 'Work'])
  })

  it('a folder that fails to be created says so, and keeps what was typed', async () => {
    const { log, send, context } = await organiser({ fail: 'create' })
    send({ type: 'folder.new' })
    send({ type: 'draft.change', value: 'Ideas' })
    send({ type: 'draft.save' })
    await flush()
    expect(log).toEqual(['create "Ideas"', `error: ${ORGANISE_MESSAGES.folderCreateFailed}`])
    expect(context().draft?.value).toBe('Ideas')
  })

  it('New folder… in the Move dialog names a folder, checked, then moves the conversation into it', async () => {
    const { actor, log, send, context } = await organiser()
    send({ type: 'move.start', conversation: chat('c1') })
    send({ type: 'folder.new' })
    send({ type: 'draft.change', value: 'work' })
    send({ type: 'draft.save' })
    expect(context().draft?.error).toBe(FOLDER_NAME_TAKEN_MESSAGE)
    expect(actor.getSnapshot().hasTag('moving')).toBe(true)
    send({ type: 'draft.change', value: ' Travel ' })
    send({ type: 'draft.save' })
    await flush()
    expect(log).toEqual([
      'create "Travel"',
      'change c1 {"folderId":"f_new"}',
      'changed c1: pinned false, folder f_new',
    ])
    expect(actor.getSnapshot().hasTag('moving')).toBe(false)
    expect(context().folders.map((f) => f.name)).toEqual(['home', 'Travel', 'Work'])
    expect(context().draft).toBeNull()
  })

  it('a folder the Move dialog fails to make says so; the dialog and the name stay; Cancel drops both', async () => {
    const { actor, log, send, context } = await organiser({ fail: 'create' })
    send({ type: 'move.start', conversation: chat('c1') })
    send({ type: 'folder.new' })
    send({ type: 'draft.change', value: 'Travel' })
    send({ type: 'draft.save' })
    await flush()
    expect(log).toEqual(['create "Travel"', `error: ${ORGANISE_MESSAGES.folderCreateFailed}`])
    expect(actor.getSnapshot().hasTag('moving')).toBe(true)
    expect(context().draft?.value).toBe('Travel')
    send({ type: 'move.cancel' })
    expect(context().draft).toBeNull()
    expect(context().moving).toBeNull()
  })

  it('renames a folder; its own name in another case is no clash, and unchanged saves nothing', async () => {
    const { log, send, context } = await organiser()
    send({ type: 'folder.rename', id: WORK.id })
    expect(context().draft).toEqual({ id: WORK.id, value: 'Work', error: null })
    send({ type: 'draft.save' })
    expect(context().draft).toBeNull()
    send({ type: 'folder.rename', id: WORK.id })
    send({ type: 'draft.change', value: 'HOME' })
    send({ type: 'draft.save' })
    expect(context().draft?.error).toBe(FOLDER_NAME_TAKEN_MESSAGE)
    send({ type: 'draft.change', value: 'WORK' })
    send({ type: 'draft.save' })
    await flush()
    expect(log).toEqual(['rename f_work to "WORK"'])
    expect(context().folders.map((f) => f.name)).toEqual(['home', 'WORK'])
  })

  it('deleting asks first; confirmed, it moves the conversations and reports them as they are', async () => {
    const { actor, log, send, context } = await organiser()
    send({ type: 'folder.delete', id: WORK.id })
    expect(actor.getSnapshot().hasTag('confirmingDelete')).toBe(true)
    send({ type: 'folder.moveTo', moveTo: HOME.id })
    expect(context().moveTo).toBe(HOME.id)
    send({ type: 'folder.deleteCancelled' })
    // A choice left with Cancel is not the next dialog's.
    expect(context().moveTo).toBeNull()
    expect(context().folders).toHaveLength(2)
    send({ type: 'folder.toggle', id: WORK.id })
    expect(context().closed).toEqual([WORK.id])
    send({ type: 'folder.delete', id: WORK.id })
    // Not into itself, nor into a folder that is not there.
    send({ type: 'folder.moveTo', moveTo: WORK.id })
    send({ type: 'folder.moveTo', moveTo: 'f_gone' })
    expect(context().moveTo).toBeNull()
    send({ type: 'folder.moveTo', moveTo: HOME.id })
    send({ type: 'folder.deleteConfirmed' })
    await flush()
    expect(log).toEqual([
      'remember closed [f_work]',
      'delete f_work, moving to f_home',
      'changed c_in_work: pinned false, folder f_home',
    ])
    expect(context().folders.map((f) => f.id)).toEqual([HOME.id])
    expect(context().closed).toEqual([])
  })

  it("a delete that fails says 'Failed to delete folder' and keeps the folder", async () => {
    const { log, send, context } = await organiser({ fail: 'delete' })
    send({ type: 'folder.delete', id: WORK.id })
    send({ type: 'folder.moveTo', moveTo: HOME.id })
    send({ type: 'folder.moveTo', moveTo: null })
    send({ type: 'folder.deleteConfirmed' })
    await flush()
    expect(log).toEqual([
      'delete f_work, moving to null',
      `error: ${ORGANISE_MESSAGES.folderDeleteFailed}`,
    ])
    expect(context().folders).toHaveLength(2)
  })

  it("a rename that fails says 'Failed to rename folder'", async () => {
    const { log, send } = await organiser({ fail: 'rename' })
    send({ type: 'folder.rename', id: HOME.id })
    send({ type: 'draft.change', value: 'House' })
    send({ type: 'draft.save' })
    await flush()
    expect(log).toEqual([
      'rename f_home to "House"',
      `error: ${ORGANISE_MESSAGES.folderRenameFailed}`,
    ])
  })
})

describe('organise machine model', () => {
  it('walks every declared transition', async () => {
    const { missing } = await walkEveryTransition({
      machine: organiseMachine,
      events: [
        { type: 'conversation.pin', conversation: chat('c1'), pinned: true },
        { type: 'conversation.pin', conversation: chat('c1'), pinned: false },
        { type: 'move.start', conversation: chat('c1') },
        { type: 'move.cancel' },
        { type: 'conversation.move', folderId: WORK.id },
        { type: 'conversation.move', folderId: null },
        { type: 'conversation.export', conversation: chat('c1'), format: 'markdown' },
        { type: 'folder.new' },
        { type: 'folder.rename', id: WORK.id },
        { type: 'draft.change', value: 'Ideas' },
        { type: 'draft.change', value: '' },
        { type: 'draft.cancel' },
        { type: 'draft.save' },
        { type: 'folder.toggle', id: WORK.id },
        { type: 'folder.delete', id: WORK.id },
        { type: 'folder.moveTo', moveTo: HOME.id },
        { type: 'folder.moveTo', moveTo: null },
        { type: 'folder.deleteConfirmed' },
        { type: 'folder.deleteCancelled' },
        // docs/product/conversations.md#backup: the dialog ends restored or not.
        { type: 'backup.open' },
        { type: 'xstate.done.actor.backup', output: { listed: [chat('c1')] } },
        { type: 'xstate.done.actor.backup', output: { listed: [] } },
        // docs/product/conversations.md#share-by-link: the Share dialog, from the list or More.
        { type: 'share.open', conversation: chat('c1') },
        { type: 'xstate.done.actor.share' },
        ...settles('load folders', { folders: [WORK, HOME], closed: [] }),
        ...settles('change conversation', chat('c1', { pinned: true })),
        ...settles('export conversation'),
        ...settles('create folder', folder('f_new', 'Ideas')),
        ...settles('rename folder', { ...WORK, name: 'Ideas' }),
        ...settles('delete folder', [chat('c1')]),
      ],
      deferredActors: [
        'load folders',
        'change conversation',
        'export conversation',
        'create folder',
        'rename folder',
        'delete folder',
        'backup',
        'share',
      ],
      noopActions: ['notify', 'report changed', 'remember closed', 'report restored'],
      tags: ['busy', 'moving', 'confirmingDelete', 'backingUp', 'sharing'],
      // What the guards read: the folders, the draft and the conversation being moved.
      serialize: ({ value, context }) =>
        JSON.stringify([
          value,
          context.folders.length,
          context.draft,
          context.moving?.folderId ?? null,
        ]),
    })
    expect(missing).toEqual([])
  })
})
