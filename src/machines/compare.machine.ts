import { assign, enqueueActions, fromPromise, setup } from 'xstate'
import { buildChatContext, type ContextTurn } from '../domain/chat-context'
import type { ChatMessage } from '../domain/chat-message'
import { compareSet } from '../domain/compare'
import { type ColumnReport, compareColumnMachine } from './compare-column.machine'
import { notProvided } from './not-provided'

// A comparison (docs/product/compare.md): one saved question asked of two to four models at
// once, each in its own column, until the user picks the reply the conversation goes on with.

export interface CompareInput {
  /** The saved question. */
  question: ChatMessage
  /** The context every column is sent, as a single send builds it (docs/product/behaviour.md#chat-context). */
  turns: ContextTurn[]
  /**
   * The message whose stored path the context is read up to first, when the page on screen
   * held too few earlier messages (docs/product/conversations.md, "Long conversations").
   */
  earlierFrom: string | null
  /** Whether earlier messages' images go to the models (docs/product/attachments.md#the-context). */
  readsImages: boolean
  modelIds: readonly string[]
  now: () => number
}

export interface CompareContext extends CompareInput {
  /** Each column's newest saved reply, by its index: what Pick may take. */
  saved: (ChatMessage | null)[]
  /** The reply picked, or the newest saved when closed without one (none saved: null). */
  chosen: ChatMessage | null
}

export type CompareEvent =
  | ColumnReport
  /** Go on with this column's reply: it becomes the question's reply on the path. */
  | { type: 'compare.pick'; index: number }
  /** Stop every column still streaming (the composer's Stop, Escape). */
  | { type: 'compare.stop' }
  /** Close a comparison that has no reply to pick: every column failed or stopped empty. */
  | { type: 'compare.close' }

/** The column actors' ids, by index: the view reads each one's progress from its own. */
export const columnId = (index: number) => `column${index}`

export const compareMachine = setup({
  types: {
    input: {} as CompareInput,
    context: {} as CompareContext,
    events: {} as CompareEvent,
    output: {} as { reply: ChatMessage | null },
  },
  actors: {
    column: compareColumnMachine,
    /** The newest earlier messages of the stored path ending at `messageId`, oldest first. */
    'read earlier': fromPromise<ChatMessage[], { conversationId: string; messageId: string }>(
      async () => {
        throw notProvided('read earlier')
      },
    ),
  },
  actions: {
    'start columns': enqueueActions(({ context, enqueue }) => {
      context.modelIds.forEach((modelId, index) => {
        enqueue.spawnChild('column', {
          id: columnId(index),
          input: {
            index,
            modelId,
            question: context.question,
            turns: context.turns,
            now: context.now,
          },
        })
      })
    }),
    'stop columns': enqueueActions(({ context, enqueue }) => {
      context.modelIds.forEach((_, index) => {
        enqueue.sendTo(columnId(index), { type: 'column.stop' })
      })
    }),
  },
  guards: {
    'earlier to read?': ({ context }) => context.earlierFrom !== null,
    'saved reply?': ({ context, event }) =>
      event.type === 'compare.pick' && context.saved[event.index] != null,
    'nothing to pick?': ({ context }) => context.saved.every((reply) => reply === null),
  },
}).createMachine({
  id: 'compare',
  context: ({ input }) => {
    const modelIds = compareSet(input.modelIds)
    return { ...input, modelIds, saved: modelIds.map(() => null), chosen: null }
  },
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'earlier to read?', target: 'readingEarlier' }, { target: 'running' }],
    },
    // The context as the spec's rule gives it, from the stored path: the system prompt the
    // question was sent with, the last earlier messages, the question.
    readingEarlier: {
      invoke: {
        id: 'earlierReader',
        src: 'read earlier',
        input: ({ context }) => ({
          conversationId: context.question.conversationId ?? '',
          messageId: context.earlierFrom ?? '',
        }),
        onDone: {
          target: 'running',
          actions: assign({
            turns: ({ context, event }) => [
              ...context.turns.filter((turn) => turn.role === 'system'),
              ...buildChatContext(
                null,
                event.output,
                context.question.content,
                context.question.attachments,
                { readsImages: context.readsImages },
              ),
            ],
            earlierFrom: null,
          }),
        },
        // Without its earlier messages no column could be asked fairly: the question's turn fails.
        onError: { target: 'closed' },
      },
    },
    running: {
      entry: 'start columns',
      on: {
        'column.saved': {
          actions: assign({
            saved: ({ context, event }) =>
              context.saved.map((reply, index) => (index === event.index ? event.reply : reply)),
          }),
        },
        'compare.stop': { actions: 'stop columns' },
        'compare.pick': {
          guard: 'saved reply?',
          target: 'closed',
          actions: assign({
            chosen: ({ context, event }) => context.saved[event.index] ?? null,
          }),
        },
        'compare.close': { guard: 'nothing to pick?', target: 'closed' },
      },
    },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ reply: context.chosen }),
})
