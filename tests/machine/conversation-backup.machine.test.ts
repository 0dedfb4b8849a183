import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Conversation } from '../../src/domain/conversation'
import {
  type ConversationBackup,
  type readBackup,
  writeBackup,
} from '../../src/domain/conversation-backup'
import {
  type BackupFile,
  type BackupOutput,
  conversationBackupMachine,
  type RestoreResult,
} from '../../src/machines/conversation-backup.machine'
import type { Notice } from '../../src/machines/notice'
import { settles, walkEveryTransition } from '../support/model-walk'
import { flush } from './prompt-fixtures'

// Back up and restore (docs/product/conversations.md#backup): the dialog's steps and what each
// says; what it tells the organiser when it closes.

const BACKUP = writeBackup(
  [
    {
      id: 'c1',
      userId: 'u',
      title: 'Trip',
      createdAt: '2026-05-01T10:00:00.000Z',
      updatedAt: '2026-05-01T10:00:00.000Z',
    },
  ],
  () => null,
  [],
  new Date('2026-06-01T00:00:00.000Z'),
) as ConversationBackup
const TRIP: Conversation = {
  id: 'c1',
  userId: 'u',
  title: 'Trip',
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
}
const FILE = Object.assign(new Blob(['{}']), { name: 'backup.json' }) as BackupFile

function start(fakes: {
  backUp?: () => Promise<number>
  read?: () => ReturnType<typeof readBackup>
  restore?: () => Promise<RestoreResult>
}) {
  const notices: Notice[] = []
  const restored: ConversationBackup[] = []
  let output: BackupOutput | undefined
  const actor = createActor(
    conversationBackupMachine.provide({
      actors: {
        'back up': fromPromise(async () => (fakes.backUp ? fakes.backUp() : 3)),
        'read backup': fromPromise(async () =>
          fakes.read ? fakes.read() : { ok: true as const, backup: BACKUP },
        ),
        'restore backup': fromPromise(async ({ input }) => {
          restored.push(input.backup)
          return fakes.restore ? fakes.restore() : { conversations: 1, messages: 4, listed: [TRIP] }
        }),
      },
      actions: { notify: (_, notice: Notice) => void notices.push(notice) },
    }),
  )
  actor.subscribe({ complete: () => (output = actor.getSnapshot().output) })
  actor.start()
  const messages = () => notices.map((n) => n.message)
  return { actor, messages, restored, output: () => output }
}

describe('back up and restore', () => {
  it('Download backup says how many it kept, that there is nothing, or that it failed', async () => {
    for (const [backUp, said] of [
      [async () => 3, 'Backed up 3 conversations'],
      [async () => 1, 'Backed up 1 conversation'],
      [async () => 0, 'You have no conversations to back up yet'],
      [() => Promise.reject(new Error('offline')), 'Failed to back up conversations'],
    ] as const) {
      const dialog = start({ backUp })
      dialog.actor.send({ type: 'backup.download' })
      expect(dialog.actor.getSnapshot().hasTag('busy')).toBe(true)
      await flush()
      expect(dialog.messages()).toEqual([said])
      expect(dialog.actor.getSnapshot().matches('choosing')).toBe(true)
    }
  })

  it('a file is read, shown, then restored; the organiser hears that something came back', async () => {
    const dialog = start({})
    dialog.actor.send({ type: 'backup.file', file: FILE })
    await flush()
    expect(dialog.actor.getSnapshot().matches('preview')).toBe(true)
    expect(dialog.actor.getSnapshot().context.fileName).toBe('backup.json')
    dialog.actor.send({ type: 'backup.restore' })
    // Closing waits while a restore is under way.
    dialog.actor.send({ type: 'backup.close' })
    expect(dialog.actor.getSnapshot().matches('restoring')).toBe(true)
    await flush()
    expect(dialog.restored).toEqual([BACKUP])
    expect(dialog.messages()).toEqual(['Restored 1 conversation and 4 messages'])
    expect(dialog.output()).toEqual({ listed: [TRIP] })
  })

  it('a refused file says why and nothing is restored; a backup already here says so', async () => {
    const refused = start({ read: () => ({ ok: false, message: 'This file is not valid JSON.' }) })
    refused.actor.send({ type: 'backup.file', file: FILE })
    await flush()
    expect(refused.actor.getSnapshot().context.error).toBe('This file is not valid JSON.')
    expect(refused.actor.getSnapshot().matches('choosing')).toBe(true)
    refused.actor.send({ type: 'backup.close' })
    expect(refused.output()).toEqual({ listed: [] })

    const same = start({ restore: async () => ({ conversations: 0, messages: 0, listed: [] }) })
    same.actor.send({ type: 'backup.file', file: FILE })
    await flush()
    same.actor.send({ type: 'backup.restore' })
    await flush()
    expect(same.messages()).toEqual(['Everything in this backup is already here'])
    expect(same.output()).toEqual({ listed: [] })
  })

  it('a restore that stops says why, keeps the file to try again, and what landed is read again', async () => {
    const dialog = start({
      restore: () =>
        Promise.reject(
          Object.assign(new Error('You can keep at most 50 folders'), { listed: [TRIP] }),
        ),
    })
    dialog.actor.send({ type: 'backup.file', file: FILE })
    await flush()
    dialog.actor.send({ type: 'backup.restore' })
    await flush()
    expect(dialog.actor.getSnapshot().matches('preview')).toBe(true)
    expect(dialog.actor.getSnapshot().context.error).toBe(
      'The restore stopped: You can keep at most 50 folders. What was restored stays; restoring the file again adds the rest.',
    )
    dialog.actor.send({ type: 'backup.close' })
    expect(dialog.output()).toEqual({ listed: [TRIP] })
  })
})

describe('conversation backup machine model', () => {
  it('walks every declared transition', async () => {
    const { missing } = await walkEveryTransition({
      machine: conversationBackupMachine,
      events: [
        { type: 'backup.download' },
        { type: 'backup.file', file: FILE },
        { type: 'backup.restore' },
        { type: 'backup.back' },
        { type: 'backup.close' },
        ...settles('back up', 2),
        { type: 'xstate.done.actor.back up', output: 0 },
        { type: 'xstate.done.actor.read backup', output: { ok: true, backup: BACKUP } },
        ...settles('read backup', { ok: false, message: 'This file is not valid JSON.' }),
        ...settles('restore backup', { conversations: 1, messages: 2, listed: [TRIP] }),
        {
          type: 'xstate.done.actor.restore backup',
          output: { conversations: 0, messages: 0, listed: [] },
        },
      ],
      deferredActors: ['back up', 'read backup', 'restore backup'],
      noopActions: ['notify'],
      tags: ['open', 'busy'],
      serialize: ({ value, context }) =>
        JSON.stringify([value, (context as { listed: unknown[] }).listed.length]),
    })
    expect(missing).toEqual([])
  })
})
