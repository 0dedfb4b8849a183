import { assign, enqueueActions, fromPromise, setup } from 'xstate'
import type { Conversation } from '../domain/conversation'
import type { ExportFormat } from '../domain/conversation-export'
import { byName, type ConversationFolder, checkFolderName } from '../domain/conversation-folder'
import { ORGANISE_MESSAGES } from '../domain/organise-messages'
import type { AppReport } from './app-reports'
import { type BackupOutput, conversationBackupMachine } from './conversation-backup.machine'
import { conversationShareMachine } from './conversation-share.machine'
import { notProvided } from './not-provided'
import type { Notice } from './notice'

/** What a pin, an unpin or a move changes of a conversation. */
export type ConversationChange = { pinned: boolean } | { folderId: string | null }

/** The inline field of a new folder (`id` null) or of the folder being renamed. */
export interface FolderDraft {
  id: string | null
  value: string
  error: string | null
}

export interface OrganiseContext {
  /** The user's folders, by name. */
  folders: ConversationFolder[]
  draft: FolderDraft | null
  /** Folders the user closed: their conversations are hidden until opened again. */
  closed: string[]
  /** The folder the delete dialog asks about, then the one being deleted. */
  pendingDelete: ConversationFolder | null
  /** Where the deleted folder's conversations go: another folder, or none (null). */
  moveTo: string | null
  /** The conversation the Move dialog is open for. */
  moving: Conversation | null
  /** The pin, unpin or move being saved. */
  change: { conversation: Conversation; change: ConversationChange } | null
}

export type OrganiseEvent =
  | { type: 'conversation.pin'; conversation: Conversation; pinned: boolean }
  /** Opens the Move dialog for this conversation. */
  | { type: 'move.start'; conversation: Conversation }
  | { type: 'move.cancel' }
  /** The conversation of the Move dialog, into `folderId`, or out of any folder (null). */
  | { type: 'conversation.move'; folderId: string | null }
  /** Its current path as a file (docs/product/conversations.md#export). */
  | { type: 'conversation.export'; conversation: Conversation; format: ExportFormat }
  | { type: 'folder.new' }
  | { type: 'folder.rename'; id: string }
  | { type: 'draft.change'; value: string }
  | { type: 'draft.cancel' }
  | { type: 'draft.save' }
  | { type: 'folder.toggle'; id: string }
  | { type: 'folder.delete'; id: string }
  /** In the delete dialog: where the folder's conversations go, another folder or none (null). */
  | { type: 'folder.moveTo'; moveTo: string | null }
  | { type: 'folder.deleteConfirmed' }
  | { type: 'folder.deleteCancelled' }
  /** Opens Back up and restore (docs/product/conversations.md#backup). */
  | { type: 'backup.open' }
  /** Opens the conversation's Share dialog (docs/product/conversations.md#share-by-link). */
  | { type: 'share.open'; conversation: Conversation }

const find = (folders: ConversationFolder[], id: string | null) =>
  folders.find((folder) => folder.id === id)

const notice = (message: string) => ({
  type: 'notify' as const,
  params: { kind: 'error' as const, message },
})

/** The draft, checked against the other folders. */
const checked = (context: OrganiseContext) =>
  checkFolderName(context.draft?.value ?? '', context.folders, context.draft?.id ?? null)

/** What a failed pin, unpin or move says (docs/product/errors.md). */
function changeFailed(context: OrganiseContext): string {
  const change = context.change?.change
  if (change && 'pinned' in change)
    return change.pinned ? ORGANISE_MESSAGES.pinFailed : ORGANISE_MESSAGES.unpinFailed
  return ORGANISE_MESSAGES.moveFailed
}

/**
 * Organising conversations (docs/product/conversations.md#pins-and-folders): pin and unpin,
 * the Move dialog, export (#export), and the user's folders (create, rename, open and close, delete). The list
 * itself is the conversations machine's: this one tells it, through the app machine, each
 * conversation it changed as it is now (`conversation.found`): one pinned or moved, or those a
 * deleted folder held, which the database moved.
 */
export const organiseMachine = setup({
  types: {
    context: {} as OrganiseContext,
    events: {} as OrganiseEvent,
  },
  actors: {
    /** The user's folders, and those they had closed in this browser. */
    'load folders': fromPromise<{ folders: ConversationFolder[]; closed: string[] }>(async () => {
      throw notProvided('load folders')
    }),
    'create folder': fromPromise<ConversationFolder, { name: string }>(async () => {
      throw notProvided('create folder')
    }),
    'rename folder': fromPromise<ConversationFolder, { folder: ConversationFolder; name: string }>(
      async () => {
        throw notProvided('rename folder')
      },
    ),
    /** Saves a pin, an unpin or a move; the conversation keeps its place by activity. */
    'change conversation': fromPromise<
      Conversation,
      { conversation: Conversation; change: ConversationChange }
    >(async () => {
      throw notProvided('change conversation')
    }),
    /** Reads the conversation's current path whole and hands the file to the browser. */
    'export conversation': fromPromise<void, { conversation: Conversation; format: ExportFormat }>(
      async () => {
        throw notProvided('export conversation')
      },
    ),
    // Back up and restore, while its dialog is open; its own effects are provided with ours.
    backup: conversationBackupMachine,
    // The Share dialog's links, while it is open; its effects are provided with ours.
    share: conversationShareMachine,
    /** Moves its conversations to `moveTo` (none: out of any folder), deletes it, and returns them. */
    'delete folder': fromPromise<Conversation[], { id: string; moveTo: string | null }>(
      async () => {
        throw notProvided('delete folder')
      },
    ),
  },
  actions: {
    notify: (_, _params: Notice) => {
      throw notProvided('notify')
    },
    /** Keeps the closed folders for the next visit, in this browser. */
    'remember closed': (_, _params: { closed: string[] }) => {
      throw notProvided('remember closed')
    },
    // Routed by the app machine to the list, which shows them where they now go. Taken only
    // when 'change conversation' or 'delete folder' is done: its output is the rows saved.
    'report changed': enqueueActions(({ event, enqueue }) => {
      const output = (event as unknown as { output: Conversation | Conversation[] }).output
      for (const conversation of [output].flat())
        enqueue.sendParent({ type: 'conversation.found', conversation } satisfies AppReport)
    }),
    // A restore's newest conversations, as any found one is: the list shows each where it goes.
    'report restored': enqueueActions(({ event, enqueue }) => {
      for (const conversation of (event as unknown as { output: BackupOutput }).output.listed)
        enqueue.sendParent({ type: 'conversation.found', conversation } satisfies AppReport)
    }),
    'forget moving': assign({ moving: null }),
    'note change': assign({
      change: ({ context, event }) => {
        if (event.type === 'conversation.pin')
          return { conversation: event.conversation, change: { pinned: event.pinned } }
        if (event.type === 'conversation.move' && context.moving)
          return { conversation: context.moving, change: { folderId: event.folderId } }
        return null
      },
    }),
    // Routed by the app machine to the conversations list, whose rows the database moved.
    'show error': assign({
      draft: ({ context }) => {
        const check = checked(context)
        return context.draft && { ...context.draft, error: check.ok ? null : check.message }
      },
    }),
  },
  guards: {
    /** A pin or a move that changes something: pinning the pinned changes nothing. */
    'a change?': ({ context, event }) => {
      if (event.type === 'conversation.pin')
        return Boolean(event.conversation.pinned) !== event.pinned
      if (event.type === 'conversation.move')
        return (context.moving?.folderId ?? null) !== event.folderId
      return false
    },
    'drafting?': ({ context }) => context.draft !== null,
    'listed?': ({ context, event }) =>
      'id' in event && find(context.folders, event.id) !== undefined,
    // The folder being deleted is no place for its conversations.
    'another folder, or none?': ({ context, event }) =>
      event.type === 'folder.moveTo' &&
      (event.moveTo === null ||
        (event.moveTo !== context.pendingDelete?.id &&
          find(context.folders, event.moveTo) !== undefined)),
    'name refused?': ({ context }) => context.draft !== null && !checked(context).ok,
    'name unchanged?': ({ context }) => {
      const check = checked(context)
      return check.ok && find(context.folders, context.draft?.id ?? null)?.name === check.name
    },
    'a new folder?': ({ context }) => context.draft !== null && context.draft.id === null,
    'restored?': ({ event }) =>
      (event as unknown as { output: BackupOutput }).output.listed.length > 0,
  },
}).createMachine({
  id: 'organise',
  context: {
    folders: [],
    draft: null,
    closed: [],
    pendingDelete: null,
    moveTo: null,
    moving: null,
    change: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load folders',
        src: 'load folders',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => {
            const folders = [...event.output.folders].sort(byName)
            // Closed as the user left them, of the folders still there.
            const closed = event.output.closed.filter((id) => find(folders, id) !== undefined)
            return { folders, closed }
          }),
        },
        onError: { target: 'ready', actions: notice(ORGANISE_MESSAGES.foldersLoadFailed) },
      },
    },
    ready: {
      on: {
        'folder.toggle': {
          actions: [
            assign({
              closed: ({ context, event }) =>
                context.closed.includes(event.id)
                  ? context.closed.filter((id) => id !== event.id)
                  : [...context.closed, event.id],
            }),
            { type: 'remember closed', params: ({ context }) => ({ closed: context.closed }) },
          ],
        },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'conversation.pin': { guard: 'a change?', target: 'changing', actions: 'note change' },
            'conversation.export': 'exporting',
            'backup.open': 'backingUp',
            'share.open': 'sharing',
            'move.start': {
              target: 'choosingFolder',
              actions: assign({ moving: ({ event }) => event.conversation }),
            },
            'folder.new': {
              actions: assign({ draft: { id: null, value: '', error: null } }),
            },
            'folder.rename': {
              guard: 'listed?',
              actions: assign({
                draft: ({ context, event }) => ({
                  id: event.id,
                  value: find(context.folders, event.id)?.name ?? '',
                  error: null,
                }),
              }),
            },
            'draft.change': {
              guard: 'drafting?',
              actions: assign({
                draft: ({ context, event }) =>
                  context.draft && { ...context.draft, value: event.value, error: null },
              }),
            },
            'draft.cancel': { actions: assign({ draft: null }) },
            'draft.save': [
              { guard: 'name refused?', actions: 'show error' },
              { guard: 'name unchanged?', actions: assign({ draft: null }) },
              { guard: 'a new folder?', target: 'creating' },
              { guard: 'drafting?', target: 'renaming' },
            ],
            'folder.delete': {
              guard: 'listed?',
              target: 'confirmingDelete',
              actions: assign({
                pendingDelete: ({ context, event }) => find(context.folders, event.id) ?? null,
                moveTo: null,
              }),
            },
          },
        },
        // The conversation's More dialog: a folder chosen (or none) moves it there, its own
        // folder closes it; Pin, the exports and Share are there too.
        choosingFolder: {
          tags: 'moving',
          on: {
            // A new folder named here, and the conversation moved into it (#pins-and-folders).
            'folder.new': { actions: assign({ draft: { id: null, value: '', error: null } }) },
            'draft.change': {
              guard: 'drafting?',
              actions: assign({
                draft: ({ context, event }) =>
                  context.draft && { ...context.draft, value: event.value, error: null },
              }),
            },
            'draft.cancel': { actions: assign({ draft: null }) },
            'draft.save': [
              { guard: 'name refused?', actions: 'show error' },
              { guard: 'a new folder?', target: 'creatingToMove' },
            ],
            'conversation.move': [
              { guard: 'a change?', target: 'changing', actions: ['note change', 'forget moving'] },
              { target: 'idle', actions: 'forget moving' },
            ],
            'move.cancel': { target: 'idle', actions: ['forget moving', assign({ draft: null })] },
            // The same dialog pins and exports.
            'conversation.pin': [
              { guard: 'a change?', target: 'changing', actions: ['note change', 'forget moving'] },
              { target: 'idle', actions: 'forget moving' },
            ],
            'conversation.export': { target: 'exporting', actions: 'forget moving' },
            'share.open': { target: 'sharing', actions: 'forget moving' },
          },
        },
        // The dialog stays while the folder is made; then the move is saved as any move is.
        creatingToMove: {
          tags: ['moving', 'busy'],
          invoke: {
            id: 'create folder',
            src: 'create folder',
            input: ({ context }) => ({ name: context.draft?.value.trim() ?? '' }),
            onDone: {
              target: 'changing',
              actions: assign(({ context, event }) => ({
                folders: [...context.folders, event.output].sort(byName),
                draft: null,
                change: context.moving && {
                  conversation: context.moving,
                  change: { folderId: event.output.id },
                },
                moving: null,
              })),
            },
            // The field keeps what was typed, to try again.
            onError: {
              target: 'choosingFolder',
              actions: notice(ORGANISE_MESSAGES.folderCreateFailed),
            },
          },
        },
        changing: {
          tags: 'busy',
          invoke: {
            id: 'change conversation',
            src: 'change conversation',
            // Set by 'note change' on the way in.
            input: ({ context }) => context.change as NonNullable<OrganiseContext['change']>,
            onDone: {
              target: 'idle',
              actions: ['report changed', assign({ change: null })],
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'notify',
                  params: ({ context }) => ({ kind: 'error', message: changeFailed(context) }),
                },
                assign({ change: null }),
              ],
            },
          },
        },
        // A restore may bring folders and conversations: both lists are read again.
        backingUp: {
          tags: 'backingUp',
          invoke: {
            id: 'backup',
            src: 'backup',
            onDone: [
              {
                guard: 'restored?',
                target: '#organise.loading',
                actions: 'report restored',
              },
              { target: 'idle' },
            ],
          },
        },
        sharing: {
          tags: 'sharing',
          invoke: {
            id: 'share',
            src: 'share',
            input: ({ event }) => ({
              conversation: (event as Extract<OrganiseEvent, { type: 'share.open' }>).conversation,
            }),
            onDone: 'idle',
          },
        },
        exporting: {
          tags: 'busy',
          invoke: {
            id: 'export conversation',
            src: 'export conversation',
            input: ({ event }) => {
              const { conversation, format } = event as Extract<
                OrganiseEvent,
                { type: 'conversation.export' }
              >
              return { conversation, format }
            },
            onDone: 'idle',
            onError: { target: 'idle', actions: notice(ORGANISE_MESSAGES.exportFailed) },
          },
        },
        creating: {
          tags: 'busy',
          invoke: {
            id: 'create folder',
            src: 'create folder',
            input: ({ context }) => ({ name: context.draft?.value.trim() ?? '' }),
            onDone: {
              target: 'idle',
              actions: assign({
                folders: ({ context, event }) => [...context.folders, event.output].sort(byName),
                draft: null,
              }),
            },
            // The field keeps what was typed, to try again.
            onError: { target: 'idle', actions: notice(ORGANISE_MESSAGES.folderCreateFailed) },
          },
        },
        renaming: {
          tags: 'busy',
          invoke: {
            id: 'rename folder',
            src: 'rename folder',
            input: ({ context }) => ({
              folder: find(context.folders, context.draft?.id ?? null) as ConversationFolder,
              name: context.draft?.value.trim() ?? '',
            }),
            onDone: {
              target: 'idle',
              actions: assign({
                folders: ({ context, event }) =>
                  context.folders
                    .map((f) => (f.id === event.output.id ? event.output : f))
                    .sort(byName),
                draft: null,
              }),
            },
            onError: { target: 'idle', actions: notice(ORGANISE_MESSAGES.folderRenameFailed) },
          },
        },
        confirmingDelete: {
          tags: 'confirmingDelete',
          on: {
            'folder.moveTo': {
              guard: 'another folder, or none?',
              actions: assign({ moveTo: ({ event }) => event.moveTo }),
            },
            'folder.deleteConfirmed': 'deleting',
            'folder.deleteCancelled': {
              target: 'idle',
              actions: assign({ pendingDelete: null, moveTo: null }),
            },
          },
        },
        deleting: {
          tags: 'busy',
          invoke: {
            id: 'delete folder',
            src: 'delete folder',
            input: ({ context }) => ({
              id: context.pendingDelete?.id ?? '',
              moveTo: context.moveTo,
            }),
            onDone: {
              target: 'idle',
              actions: [
                'report changed',
                assign({
                  folders: ({ context }) =>
                    context.folders.filter((f) => f.id !== context.pendingDelete?.id),
                  closed: ({ context }) =>
                    context.closed.filter((id) => id !== context.pendingDelete?.id),
                  draft: ({ context }) =>
                    context.draft?.id === context.pendingDelete?.id ? null : context.draft,
                  pendingDelete: null,
                  moveTo: null,
                }),
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                assign({ pendingDelete: null, moveTo: null }),
                notice(ORGANISE_MESSAGES.folderDeleteFailed),
              ],
            },
          },
        },
      },
    },
  },
})
