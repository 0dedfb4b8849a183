import { assign, type EventObject, fromCallback, fromPromise, sendParent, setup } from 'xstate'
import type { ChatMessage } from '../domain/chat-message'
import type { Conversation } from '../domain/conversation'
import type { StyleConfig } from '../domain/style-config'
import type { AppReport } from './app-reports'
import { notProvided } from './not-provided'

/**
 * What the change feed says, read into the app's own terms by the effect that follows it
 * (src/effects/live-changes-effects.ts). Each names one row the user may read.
 */
export type LiveChangeEvent =
  /** A prompt was written or deleted; `active` when it is now the active system prompt. */
  | { type: 'prompt.changed'; promptId: string; active: boolean }
  /** The quick-prompt menu changed: an entry added, removed or moved. */
  | { type: 'quickPrompts.changed' }
  /** A conversation was started, renamed, pinned, moved or answered in. */
  | { type: 'conversation.changed'; conversation: Conversation }
  | { type: 'conversation.removed'; conversationId: string }
  /** A message was written or written again (a reply as it arrives, then as it ends). */
  | { type: 'message.changed'; message: ChatMessage }
  | { type: 'message.removed'; messageId: string }
  /** A model server was added, changed or removed: its models join or leave the picker. */
  | { type: 'servers.changed' }
  /** An API key was saved or removed: the keys dialog's Saved markers follow. */
  | { type: 'keys.changed' }
  /** The style kept with the account was saved (here, or on another device), as it is kept. */
  | { type: 'style.changed'; config: unknown }
  /** The feed lost track of a table's changes (away too long): what shows it is read again. */
  | { type: 'changes.missed'; table: string }

/** Through the app machine: the style was saved in this tab, to be kept with the account. */
export type LiveChangesEvent = LiveChangeEvent | { type: 'style.saved'; config: StyleConfig }

export interface LiveChangesInput {
  /** A style saved in this tab before the feed started: newer than the account's. */
  savedHere?: StyleConfig | null
}

export interface LiveChangesContext {
  /** The style to keep with the account next: saved while the last one was on its way. */
  pendingStyle: StyleConfig | null
  /** The style on its way to the account. */
  keepingStyle: StyleConfig | null
}

/**
 * Live sync (docs/product/live-sync.md): a change made in another tab or on another device
 * reaches the actor that owns what it changes, as the same report that actor gets when the
 * change is made here. Those reports are idempotent (a list read again, a row put in its
 * place by id), so this tab's own changes, which the feed brings back too, are not applied
 * twice. Follows the feed for as long as the session's extras run.
 */
export const liveChangesMachine = setup({
  types: {
    events: {} as LiveChangesEvent,
    context: {} as LiveChangesContext,
    input: {} as LiveChangesInput | undefined,
  },
  actors: {
    // The account's style, or null when it has none yet (then this browser's is kept with it).
    'read account style': fromPromise<unknown>(async () => {
      throw notProvided('read account style')
    }),
    'keep account style': fromPromise<void, { config: StyleConfig }>(async () => {
      throw notProvided('keep account style')
    }),
    // The change feed of the watched tables, under row-level security: only rows the user may
    // read arrive, and after a drop it catches up or says `changes.missed`.
    'follow changes': fromCallback<EventObject>(() => {
      throw notProvided('follow changes')
    }),
  },
  actions: {
    // Routed to the library and the quick prompts, which read their lists again.
    'report prompts changed': sendParent({ type: 'prompts.changed' } satisfies AppReport),
    // Routed to the activation: it reads the active prompt again if this one is it, or if
    // this one became it or changes were missed (no id: whichever is active may have changed).
    'report prompt changed': sendParent(
      ({ event }): AppReport =>
        event.type === 'prompt.changed' && !event.active
          ? { type: 'prompt.changed', promptId: event.promptId }
          : { type: 'prompt.changed' },
    ),
    // Routed to the models, which read the list again (the picked model is kept).
    'report servers changed': sendParent({ type: 'servers.changed' } satisfies AppReport),
    // Routed through the models to an open keys dialog, which reads the keys again.
    'report keys changed': sendParent({ type: 'keys.changed' } satisfies AppReport),
    // Routed to the conversations list, which puts it in its place by activity.
    'report conversation found': sendParent(
      ({ event }): AppReport => ({
        type: 'conversation.found',
        conversation: (event as Extract<LiveChangeEvent, { type: 'conversation.changed' }>)
          .conversation,
      }),
    ),
    // Routed to the list and the open conversation, which opens a new chat if it was this one.
    'report conversation deleted': sendParent(
      ({ event }): AppReport => ({
        type: 'conversation.deleted',
        conversationId: (event as Extract<LiveChangeEvent, { type: 'conversation.removed' }>)
          .conversationId,
      }),
    ),
    // Routed to the open conversation, which shows it if it belongs on the branch on screen.
    'report row shown': sendParent(
      ({ event }): AppReport => ({
        type: 'chat.rowShown',
        message: (event as Extract<LiveChangeEvent, { type: 'message.changed' }>).message,
        versionOf: null,
      }),
    ),
    // Routed to the style, which shows it unless it shows it already.
    'report style synced': sendParent(({ event }): AppReport => {
      const found = event as unknown as { config?: unknown; output?: unknown }
      return { type: 'style.synced', config: found.config ?? found.output }
    }),
    'hold style': assign({
      pendingStyle: ({ event }) =>
        (event as Extract<LiveChangesEvent, { type: 'style.saved' }>).config,
    }),
    'log error': (_, _params: { error: unknown }) => {
      throw notProvided('log error')
    },
    'report row hidden': sendParent(
      ({ event }): AppReport => ({
        type: 'chat.rowHidden',
        messageId: (event as Extract<LiveChangeEvent, { type: 'message.removed' }>).messageId,
      }),
    ),
  },
  guards: {
    'account has a style?': ({ event }) => (event as { output?: unknown }).output != null,
    'style held?': ({ context }) => context.pendingStyle !== null,
    'servers missed?': ({ event }) =>
      event.type === 'changes.missed' && event.table === 'model_servers',
    'keys missed?': ({ event }) =>
      event.type === 'changes.missed' && event.table === 'user_api_keys',
    'prompts missed?': ({ event }) =>
      event.type === 'changes.missed' && ['prompts', 'quick_prompts'].includes(event.table),
  },
}).createMachine({
  id: 'liveChanges',
  context: ({ input }) => ({ pendingStyle: input?.savedHere ?? null, keepingStyle: null }),
  type: 'parallel',
  states: {
    following: {
      invoke: { id: 'follow changes', src: 'follow changes' },
      on: {
        'style.changed': { actions: 'report style synced' },
        'prompt.changed': { actions: ['report prompts changed', 'report prompt changed'] },
        'quickPrompts.changed': { actions: 'report prompts changed' },
        'conversation.changed': { actions: 'report conversation found' },
        'conversation.removed': { actions: 'report conversation deleted' },
        'message.changed': { actions: 'report row shown' },
        'message.removed': { actions: 'report row hidden' },
        'servers.changed': { actions: 'report servers changed' },
        'keys.changed': { actions: 'report keys changed' },
        // Messages and conversations missed are read again when the conversation is opened
        // again or the page reloads (docs/product/live-sync.md, "Limits").
        'changes.missed': [
          {
            guard: 'prompts missed?',
            actions: ['report prompts changed', 'report prompt changed'],
          },
          { guard: 'servers missed?', actions: 'report servers changed' },
          { guard: 'keys missed?', actions: 'report keys changed' },
        ],
      },
    },
    // docs/product/live-sync.md#the-style: read once at sign-in, then kept as it is saved,
    // in order, the last one saved last.
    style: {
      initial: 'reading',
      on: { 'style.saved': { actions: 'hold style' } },
      states: {
        reading: {
          invoke: {
            id: 'read account style',
            src: 'read account style',
            onDone: [
              // A style saved here meanwhile is newer: it is kept, and the account's not shown.
              { guard: 'style held?', target: 'idle' },
              { guard: 'account has a style?', target: 'idle', actions: 'report style synced' },
              { target: 'idle' },
            ],
            onError: {
              target: 'idle',
              actions: { type: 'log error', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        idle: {
          always: {
            guard: 'style held?',
            target: 'keeping',
            actions: assign(({ context }) => ({
              keepingStyle: context.pendingStyle,
              pendingStyle: null,
            })),
          },
        },
        keeping: {
          invoke: {
            id: 'keep account style',
            src: 'keep account style',
            input: ({ context }) => ({ config: context.keepingStyle as StyleConfig }),
            onDone: 'idle',
            onError: {
              target: 'idle',
              actions: { type: 'log error', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
})
