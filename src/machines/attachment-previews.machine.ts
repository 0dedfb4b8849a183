import { assign, type EventObject, enqueueActions, fromCallback, setup } from 'xstate'
import type { MessageAttachment } from '../domain/attachments'
import { notProvided } from './not-provided'

/** A stored image as the history shows it: a local address for its bytes, or why not. */
export type Preview =
  | { status: 'loading' }
  | { status: 'ready'; url: string }
  | { status: 'failed' }

export interface AttachmentPreviewsContext {
  /** By storage path. Kept for the session: a file's bytes never change. */
  previews: Record<string, Preview>
  /** The image shown large, in its dialog; null when none is. */
  viewing: MessageAttachment | null
}

export type AttachmentPreviewsEvent =
  /** An image of the history is on screen: its bytes are wanted. */
  | { type: 'preview.want'; path: string }
  /** A thumbnail was clicked: its image opens large. */
  | { type: 'viewer.open'; attachment: MessageAttachment }
  | { type: 'viewer.close' }
  // Reported by a file's loader.
  | { type: 'preview.loaded'; path: string; url: string }
  | { type: 'preview.failed'; path: string }

/** The child that loads `path`: one per file, named by it. */
const loaderId = (path: string) => `preview:${path}`

/**
 * The history's images (docs/product/attachments.md#in-the-history): private files, so each is
 * read with the user's token once, the first time it shows, and kept as a local address for
 * the session. A failed read is tried again the next time the image shows.
 */
export const attachmentPreviewsMachine = setup({
  types: {
    context: {} as AttachmentPreviewsContext,
    events: {} as AttachmentPreviewsEvent,
  },
  actors: {
    /** Reads a stored image, then reports `preview.loaded` with a local address, or `preview.failed`. */
    'load preview': fromCallback<EventObject, { path: string }>(() => {
      throw notProvided('load preview')
    }),
  },
  actions: {
    'start loading': enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'preview.want') return
      const { path } = event
      enqueue.assign({ previews: { ...context.previews, [path]: { status: 'loading' } } })
      enqueue.spawnChild('load preview', { id: loaderId(path), input: { path } })
    }),
    settle: assign({
      previews: ({ context }, params: { path: string; preview: Preview }) => ({
        ...context.previews,
        [params.path]: params.preview,
      }),
    }),
  },
  guards: {
    'not loaded yet?': ({ context, event }) => {
      if (event.type !== 'preview.want') return false
      const known = context.previews[event.path]
      return known === undefined || known.status === 'failed'
    },
  },
}).createMachine({
  id: 'attachmentPreviews',
  context: { previews: {}, viewing: null },
  initial: 'browsing',
  states: {
    browsing: {
      on: {
        'viewer.open': {
          target: 'viewing',
          actions: assign({ viewing: ({ event }) => event.attachment }),
        },
      },
    },
    viewing: {
      on: { 'viewer.close': { target: 'browsing', actions: assign({ viewing: null }) } },
    },
  },
  on: {
    'preview.want': { guard: 'not loaded yet?', actions: 'start loading' },
    'preview.loaded': {
      actions: {
        type: 'settle',
        params: ({ event }) => ({ path: event.path, preview: { status: 'ready', url: event.url } }),
      },
    },
    'preview.failed': {
      actions: {
        type: 'settle',
        params: ({ event }) => ({ path: event.path, preview: { status: 'failed' } }),
      },
    },
  },
})
