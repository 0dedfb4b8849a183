import { assign, fromPromise, setup } from 'xstate'
import type { Conversation } from '../domain/conversation'
import type { BackupRead, ConversationBackup } from '../domain/conversation-backup'
import { notProvided } from './not-provided'
import type { Notice } from './notice'

/** docs/product/errors.md#conversations: what backing up and restoring say. */
export const BACKUP_NOTICES = {
  backedUp: (count: number) =>
    `Backed up ${count} ${count === 1 ? 'conversation' : 'conversations'}`,
  nothingToBackUp: 'You have no conversations to back up yet',
  backupFailed: 'Failed to back up conversations',
  restored: (conversations: number, messages: number) =>
    `Restored ${conversations} ${conversations === 1 ? 'conversation' : 'conversations'} and ${messages} ${messages === 1 ? 'message' : 'messages'}`,
  nothingNew: 'Everything in this backup is already here',
  restoreFailed: (reason: string) =>
    `The restore stopped: ${reason} What was restored stays; restoring the file again adds the rest.`,
} as const

/** A file the user chose: a browser `File` is one. */
export type BackupFile = Blob & { name: string }

export interface BackupContext {
  /** Why the file or the restore was refused, shown in the dialog. */
  error: string | null
  fileName: string | null
  backup: ConversationBackup | null
  /** After a restore, the newest conversations as they are now: the list shows them. */
  listed: Conversation[]
}

export type BackupEvent =
  | { type: 'backup.download' }
  | { type: 'backup.file'; file: BackupFile }
  | { type: 'backup.restore' }
  /** Back to choosing, from the preview. */
  | { type: 'backup.back' }
  | { type: 'backup.close' }

/** What the organiser hears when the dialog closes. */
export interface BackupOutput {
  /** The newest conversations after a restore; none when nothing was restored. */
  listed: Conversation[]
}

/** What a restore added, and the newest conversations after it. */
export interface RestoreResult {
  conversations: number
  messages: number
  listed: Conversation[]
}

/** A restore that stopped part way: what it said, and the list as it now is. */
export type RestoreStopped = Error & { listed?: Conversation[] }

const notice = (kind: Notice['kind'], message: string) => ({
  type: 'notify' as const,
  params: { kind, message },
})

/**
 * The Back up and restore dialog (docs/product/conversations.md#backup): download every
 * conversation as one file; choose a backup, see what it holds, restore it. The organiser
 * invokes it while the dialog is open; it ends when the dialog closes.
 */
export const conversationBackupMachine = setup({
  types: {
    context: {} as BackupContext,
    events: {} as BackupEvent,
    output: {} as BackupOutput,
  },
  actors: {
    /** Writes the file; resolves to how many conversations it holds (none: no file). */
    'back up': fromPromise<number>(async () => {
      throw notProvided('back up')
    }),
    'read backup': fromPromise<BackupRead, { file: BackupFile }>(async () => {
      throw notProvided('read backup')
    }),
    'restore backup': fromPromise<RestoreResult, { backup: ConversationBackup }>(async () => {
      throw notProvided('restore backup')
    }),
  },
  actions: {
    notify: (_, _params: Notice) => {
      throw notProvided('notify')
    },
  },
  guards: {
    'nothing to back up?': ({ event }) => (event as unknown as { output: number }).output === 0,
    'readable?': ({ event }) => (event as unknown as { output: BackupRead }).output.ok,
    'nothing new?': ({ event }) => {
      const { output } = event as unknown as { output: RestoreResult }
      return output.conversations === 0 && output.messages === 0
    },
  },
}).createMachine({
  id: 'conversationBackup',
  context: { error: null, fileName: null, backup: null, listed: [] },
  output: ({ context }) => ({ listed: context.listed }),
  initial: 'choosing',
  states: {
    choosing: {
      tags: 'open',
      on: {
        'backup.close': 'closed',
        'backup.download': 'downloading',
        'backup.file': {
          target: 'reading',
          actions: assign({ fileName: ({ event }) => event.file.name, error: null }),
        },
      },
    },
    downloading: {
      tags: ['open', 'busy'],
      on: { 'backup.close': 'closed' },
      invoke: {
        id: 'back up',
        src: 'back up',
        onDone: [
          {
            guard: 'nothing to back up?',
            target: 'choosing',
            actions: notice('info', BACKUP_NOTICES.nothingToBackUp),
          },
          {
            target: 'choosing',
            actions: {
              type: 'notify',
              params: ({ event }) => ({
                kind: 'success',
                message: BACKUP_NOTICES.backedUp(event.output),
              }),
            },
          },
        ],
        onError: { target: 'choosing', actions: notice('error', BACKUP_NOTICES.backupFailed) },
      },
    },
    reading: {
      tags: ['open', 'busy'],
      on: { 'backup.close': 'closed' },
      invoke: {
        id: 'read backup',
        src: 'read backup',
        input: ({ event }) => ({
          file: (event as Extract<BackupEvent, { type: 'backup.file' }>).file,
        }),
        onDone: [
          {
            guard: 'readable?',
            target: 'preview',
            actions: assign({
              backup: ({ event }) => (event.output.ok ? event.output.backup : null),
            }),
          },
          {
            target: 'choosing',
            actions: assign({
              error: ({ event }) => (event.output.ok ? null : event.output.message),
            }),
          },
        ],
        onError: {
          target: 'choosing',
          actions: assign({ error: 'The file could not be read.' }),
        },
      },
    },
    // What the file holds, before anything is written.
    preview: {
      tags: 'open',
      on: {
        'backup.close': 'closed',
        'backup.restore': { target: 'restoring', actions: assign({ error: null }) },
        'backup.back': { target: 'choosing', actions: assign({ backup: null, fileName: null }) },
      },
    },
    restoring: {
      tags: ['open', 'busy'],
      // No closing meanwhile: the dialog stays until the restore has ended and said so.
      invoke: {
        id: 'restore backup',
        src: 'restore backup',
        input: ({ context }) => ({ backup: context.backup as ConversationBackup }),
        onDone: [
          {
            guard: 'nothing new?',
            target: 'closed',
            actions: notice('info', BACKUP_NOTICES.nothingNew),
          },
          {
            target: 'closed',
            actions: [
              assign({ listed: ({ event }) => event.output.listed }),
              {
                type: 'notify',
                params: ({ event }) => ({
                  kind: 'success',
                  message: BACKUP_NOTICES.restored(
                    event.output.conversations,
                    event.output.messages,
                  ),
                }),
              },
            ],
          },
        ],
        // Parts already written stay: the lists are read again when the dialog closes.
        onError: {
          target: 'preview',
          actions: assign({
            listed: ({ event }) => (event.error as RestoreStopped).listed ?? [],
            error: ({ event }) =>
              BACKUP_NOTICES.restoreFailed(
                event.error instanceof Error && event.error.message
                  ? `${event.error.message.replace(/\.?$/, '.')}`
                  : 'the database did not answer.',
              ),
          }),
        },
      },
    },
    closed: { type: 'final' },
  },
})
