import {
  assign,
  type EventObject,
  enqueueActions,
  fromCallback,
  sendParent,
  setup,
  stopChild,
} from 'xstate'
import { ATTACHMENT_MESSAGES } from '../domain/attachment-messages'
import { roomFor } from '../domain/attachment-rules'
import type { MessageAttachment } from '../domain/attachments'
import type { AppReport } from './app-reports'
import { notProvided } from './not-provided'
import type { Notice } from './notice'

/** One file on the message being written: being prepared and uploaded, or ready to send. */
export interface ComposerAttachment {
  /** The composer's own key for it (its stored row gets another id when the message is saved). */
  id: string
  name: string
  /** Known once it has been read; until then the chip only shows the name. */
  kind: MessageAttachment['kind'] | null
  /** Set once it is uploaded: what the message will carry. */
  attachment: MessageAttachment | null
  /** An image's local preview (an object URL), shown on its chip; null for text. */
  previewUrl: string | null
}

export interface ComposerAttachmentsContext {
  items: ComposerAttachment[]
  /** The next item's key: `file-<n>`, unique for the session. */
  next: number
}

export type ComposerAttachmentsEvent =
  /** Files from the paperclip, a paste or a drop, in order. */
  | { type: 'attachments.add'; files: readonly File[] }
  | { type: 'attachments.remove'; id: string }
  /** The message that carried them was sent: the composer starts empty. */
  | { type: 'chat.attachmentsSent' }
  // Reported by a file's preparation while it runs.
  | {
      type: 'attachment.read'
      id: string
      kind: MessageAttachment['kind']
      previewUrl: string | null
    }
  | { type: 'attachment.ready'; id: string; attachment: MessageAttachment }
  | { type: 'attachment.failed'; id: string; message: string }

/** What preparing one file is given (docs/product/attachments.md#adding-files). */
export interface AddFileInput {
  id: string
  file: File
}

const busy = (items: readonly ComposerAttachment[]) => items.some((item) => !item.attachment)

/** The item an event names, if it is still on the message. */
const itemOf = (context: ComposerAttachmentsContext, event: ComposerAttachmentsEvent) =>
  'id' in event ? context.items.find((item) => item.id === event.id) : undefined

const NOTIFY_TOO_MANY = {
  type: 'notify' as const,
  params: { kind: 'error' as const, message: ATTACHMENT_MESSAGES.tooMany },
}

/** The local previews of the items leaving: the one an event names, or all of them. */
const RELEASE_PREVIEWS = {
  type: 'release previews' as const,
  params: ({
    context,
    event,
  }: {
    context: ComposerAttachmentsContext
    event: ComposerAttachmentsEvent
  }) => ({
    urls: ('id' in event ? [itemOf(context, event)] : context.items).flatMap((item) =>
      item?.previewUrl ? [item.previewUrl] : [],
    ),
  }),
}

/**
 * The files on the message being written (docs/product/attachments.md): each is read, checked,
 * scaled down if it is a large image, and uploaded to the user's private storage by its own
 * child; a refused or failed one leaves with a toast that says why, the others and the typed
 * text stay. Every change is reported to the app machine, which tells the composer's turn.
 */
export const composerAttachmentsMachine = setup({
  types: {
    context: {} as ComposerAttachmentsContext,
    events: {} as ComposerAttachmentsEvent,
  },
  actors: {
    /**
     * Reads, checks, scales and uploads one file, reporting `attachment.read`, then
     * `attachment.ready` or `attachment.failed`. Stopped (the chip removed), it uploads nothing
     * more and removes what it uploaded.
     */
    'add file': fromCallback<EventObject, AddFileInput>(() => {
      throw notProvided('add file')
    }),
  },
  actions: {
    notify: (_, _params: Notice) => {
      throw notProvided('notify')
    },
    /** Frees images' local previews. */
    'release previews': (_, _params: { urls: string[] }) => {
      throw notProvided('release previews')
    },
    /** Removes an uploaded file nobody will send (null: none was); only logged if that fails. */
    'forget upload': (_, _params: { path: string | null }) => {
      throw notProvided('forget upload')
    },
    report: sendParent(
      ({ context }): AppReport => ({
        type: 'attachments.changed',
        attachments: context.items.flatMap((item) => (item.attachment ? [item.attachment] : [])),
        busy: busy(context.items),
      }),
    ),
    // Each file that fits gets a chip and a child that prepares and uploads it.
    'start adding': enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'attachments.add') return
      const files = event.files.slice(0, roomFor(context.items.length, event.files.length))
      const added = files.map((file, index) => ({
        id: `file-${context.next + index}`,
        name: file.name,
        kind: null,
        attachment: null,
        previewUrl: null,
      }))
      enqueue.assign({ items: [...context.items, ...added], next: context.next + files.length })
      files.forEach((file, index) => {
        const id = `file-${context.next + index}`
        enqueue.spawnChild('add file', { id, input: { id, file } })
      })
    }),
    'note read': assign({
      items: ({ context, event }) =>
        event.type === 'attachment.read'
          ? context.items.map((item) =>
              item.id === event.id
                ? { ...item, kind: event.kind, previewUrl: event.previewUrl }
                : item,
            )
          : context.items,
    }),
    'note ready': assign({
      items: ({ context, event }) =>
        event.type === 'attachment.ready'
          ? context.items.map((item) =>
              item.id === event.id ? { ...item, attachment: event.attachment } : item,
            )
          : context.items,
    }),
    // A refused or removed file leaves; nothing else on the message changes.
    'drop item': assign({
      items: ({ context, event }) =>
        'id' in event ? context.items.filter((item) => item.id !== event.id) : context.items,
    }),
    // Still on its way, a removed file's child stops: it abandons the upload, or removes it.
    'stop adding': stopChild(({ event }) => ('id' in event ? event.id : '')),
    'let go': assign({ items: [] }),
  },
  guards: {
    'all fit?': ({ context, event }) =>
      event.type === 'attachments.add' &&
      roomFor(context.items.length, event.files.length) === event.files.length,
    'some fit?': ({ context }) => roomFor(context.items.length, 1) > 0,
    'a file of ours?': ({ context, event }) =>
      'id' in event && context.items.some((item) => item.id === event.id),
    'nothing left to add?': ({ context }) => !busy(context.items),
  },
}).createMachine({
  id: 'composerAttachments',
  context: { items: [], next: 0 },
  initial: 'settled',
  on: {
    'attachments.add': [
      { guard: 'all fit?', target: '.adding', actions: ['start adding', 'report'] },
      {
        guard: 'some fit?',
        target: '.adding',
        actions: ['start adding', NOTIFY_TOO_MANY, 'report'],
      },
      { actions: NOTIFY_TOO_MANY },
    ],
    'attachments.remove': {
      guard: 'a file of ours?',
      target: '.checking',
      actions: [
        'stop adding',
        {
          type: 'forget upload',
          params: ({ context, event }) => ({
            path: itemOf(context, event)?.attachment?.path ?? null,
          }),
        },
        RELEASE_PREVIEWS,
        'drop item',
        'report',
      ],
    },
  },
  states: {
    // Every file on the message is uploaded (or there is none): it may be sent.
    settled: {
      on: {
        'chat.attachmentsSent': { actions: [RELEASE_PREVIEWS, 'let go', 'report'] },
      },
    },
    // At least one file is being read or uploaded: sending waits for it.
    adding: {
      tags: 'busy',
      on: {
        'attachment.read': { guard: 'a file of ours?', actions: 'note read' },
        'attachment.ready': {
          guard: 'a file of ours?',
          target: 'checking',
          actions: ['note ready', 'report'],
        },
        'attachment.failed': {
          guard: 'a file of ours?',
          target: 'checking',
          actions: [
            {
              type: 'notify',
              params: ({ event }) => ({
                kind: 'error' as const,
                message: event.type === 'attachment.failed' ? event.message : '',
              }),
            },
            RELEASE_PREVIEWS,
            'drop item',
            'report',
          ],
        },
      },
    },
    checking: {
      always: [{ guard: 'nothing left to add?', target: 'settled' }, { target: 'adding' }],
    },
  },
})
