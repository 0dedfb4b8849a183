import { assign, fromPromise, sendParent, setup } from 'xstate'
import type { PromptMark } from '../domain/prompt-marks'
import { notProvided } from './not-provided'

/** One change to one prompt's marks: its star, or its whole list of tags. */
export type MarkWrite = { promptId: string } & (
  | { favourite: boolean; tags?: undefined }
  | { tags: string[]; favourite?: undefined }
)

export type MarksEvent = { type: 'mark.save'; write: MarkWrite }

/** What the writer tells the library: a write landed, or failed (the list is read again). */
export type MarksReport =
  | { type: 'marks.saved'; write: MarkWrite }
  | { type: 'marks.failed'; write: MarkWrite }

interface MarksContext {
  /** Writes not yet made, oldest first; the first is the one in flight while saving. */
  queue: MarkWrite[]
}

/**
 * Writes the user's stars and tags (docs/product/screens.md#favourites-and-tags) one at a
 * time, in the order they were made: a star clicked twice quickly ends unstarred, as shown.
 * The library shows each change at once; this makes it last.
 */
export const promptMarksMachine = setup({
  types: {
    context: {} as MarksContext,
    events: {} as MarksEvent,
  },
  actors: {
    'save mark': fromPromise<Partial<PromptMark>, MarkWrite>(async () => {
      throw notProvided('save mark')
    }),
  },
  actions: {
    enqueue: assign({
      queue: ({ context, event }) => [...context.queue, event.write],
    }),
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
    'report saved': sendParent(
      ({ context }): MarksReport => ({ type: 'marks.saved', write: context.queue[0] as MarkWrite }),
    ),
    'report failed': sendParent(
      ({ context }): MarksReport => ({
        type: 'marks.failed',
        write: context.queue[0] as MarkWrite,
      }),
    ),
  },
  guards: {
    'more to write?': ({ context }) => context.queue.length > 0,
  },
}).createMachine({
  id: 'promptMarks',
  context: { queue: [] },
  initial: 'idle',
  on: { 'mark.save': { actions: 'enqueue' } },
  states: {
    idle: {
      always: { guard: 'more to write?', target: 'saving' },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'save mark',
        src: 'save mark',
        input: ({ context }) => context.queue[0] as MarkWrite,
        onDone: { target: 'idle', actions: ['report saved', 'dequeue'] },
        onError: { target: 'idle', actions: ['report failed', 'dequeue'] },
      },
    },
  },
})
