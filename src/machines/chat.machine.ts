import { assign, type DoneActorEvent, type ErrorActorEvent, fromPromise, setup } from 'xstate'
import { buildChatContext } from '../domain/chat-context'
import type { ChatResult, ChatTurn } from '../domain/chat-types'
import { messageId } from '../domain/message-ids'
import {
  API_KEY_HINT_TOAST_MS,
  CHAT_MESSAGES,
  type ChatContext,
  type ChatEvent,
  type ChatInput,
  type ChatMessage,
  type ChatModel,
} from './chat-state'
import { notProvided } from './not-provided'
import type { Notice } from './notice'

export * from './chat-state'

// Invocation results and failures are not among ChatEvent, so they are read through these.
const outputOf = <T>(event: ChatEvent) => (event as unknown as DoneActorEvent<T>).output
const errorOf = (event: ChatEvent) => (event as unknown as ErrorActorEvent).error

function failureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : CHAT_MESSAGES.sendFailed
}

function messageRow(
  context: ChatContext,
  role: 'user' | 'assistant',
  content: string,
  time: number,
): ChatMessage {
  return {
    id: messageId(time, role),
    userId: context.userId ?? '',
    modelId: context.pending?.modelId ?? context.selectedModelId ?? '',
    role,
    content,
    systemPromptId: context.systemPrompt?.id ?? null,
    createdAt: new Date(time).toISOString(),
  }
}

const lastMessage = (context: ChatContext) => context.messages[context.messages.length - 1]

/** The chat screen: history, models, the composer and the send flow of docs/product/behaviour.md */
export const chatMachine = setup({
  types: {
    input: {} as ChatInput,
    context: {} as ChatContext,
    events: {} as ChatEvent,
  },
  actors: {
    'load history': fromPromise<ChatMessage[], { userId: string }>(async () => {
      throw notProvided('load history')
    }),
    'load models': fromPromise<ChatModel[]>(async () => {
      throw notProvided('load models')
    }),
    'save message': fromPromise<void, ChatMessage>(async () => {
      throw notProvided('save message')
    }),
    'find model': fromPromise<ChatModel | null, { modelId: string }>(async () => {
      throw notProvided('find model')
    }),
    'find api key': fromPromise<string | null, { userId: string; provider: string }>(async () => {
      throw notProvided('find api key')
    }),
    'call model': fromPromise<
      ChatResult,
      { provider: string; apiKey: string; model: string; messages: ChatTurn[] }
    >(async () => {
      throw notProvided('call model')
    }),
  },
  actions: {
    notify: (_, _params: Notice) => {
      throw notProvided('notify')
    },
    'log error': (_, _params: { error: unknown }) => {
      throw notProvided('log error')
    },
    'start turn': assign(({ context }) => {
      const text = context.input.trim()
      const turns = buildChatContext(context.systemPrompt, context.messages, text)
      const pending = {
        text,
        modelId: context.selectedModelId ?? '',
        turns,
        provider: null,
        apiKey: null,
      }
      const row = messageRow({ ...context, pending }, 'user', text, context.now())
      // Shown at once and kept whatever happens next (docs/product/behaviour.md: the user's message is kept).
      return { pending, input: '', messages: [...context.messages, row] }
    }),
    'end turn': assign({ pending: null }),
    'add reply': assign(({ context, event }) => {
      const reply = outputOf<ChatResult>(event)
      const row = messageRow(context, 'assistant', reply.content, context.now())
      return { messages: [...context.messages, row] }
    }),
  },
  guards: {
    'can send?': ({ context }) =>
      context.input.trim() !== '' && context.selectedModelId !== null && context.userId !== null,
    'model found?': ({ event }) => outputOf<ChatModel | null>(event) !== null,
    'has key?': ({ event }) => !!outputOf<string | null>(event),
  },
}).createMachine({
  id: 'chat',
  context: ({ input }) => ({
    userId: null,
    models: [],
    selectedModelId: null,
    messages: [],
    input: '',
    systemPrompt: null,
    display: input.display,
    pending: null,
    now: input.now ?? Date.now,
  }),
  on: {
    // The prompt library and the style editor may speak whether or not anyone is signed in.
    'systemPrompt.changed': { actions: assign({ systemPrompt: ({ event }) => event.prompt }) },
    'display.changed': { actions: assign({ display: ({ event }) => event.display }) },
  },
  initial: 'signedOut',
  states: {
    // A chat lives for one session: the app machine stops it on sign-out and starts a fresh
    // one on the next sign-in (docs/architecture.md, "The actor system").
    signedOut: {
      on: {
        'session.start': {
          target: 'active',
          actions: assign({ userId: ({ event }) => event.userId }),
        },
      },
    },
    active: {
      type: 'parallel',
      on: {
        'input.change': { actions: assign({ input: ({ event }) => event.value }) },
        'model.select': { actions: assign({ selectedModelId: ({ event }) => event.modelId }) },
      },
      states: {
        history: {
          initial: 'loading',
          states: {
            loading: {
              tags: 'loadingHistory',
              invoke: {
                id: 'historyLoader',
                src: 'load history',
                input: ({ context }) => ({ userId: context.userId ?? '' }),
                onDone: {
                  target: 'loaded',
                  // Messages sent while the history loaded stay after it.
                  actions: assign({
                    messages: ({ context, event }) => [...event.output, ...context.messages],
                  }),
                },
                // docs/product/errors.md#silent-failures: a failed history load is only logged.
                onError: {
                  target: 'loaded',
                  actions: { type: 'log error', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            loaded: {},
          },
        },
        models: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'modelsLoader',
                src: 'load models',
                onDone: {
                  target: 'loaded',
                  // docs/product/behaviour.md: the first loaded model is selected unless one was picked already.
                  actions: assign({
                    models: ({ event }) => event.output,
                    selectedModelId: ({ context, event }) =>
                      context.selectedModelId ?? event.output[0]?.id ?? null,
                  }),
                },
                onError: {
                  target: 'failed',
                  actions: [
                    { type: 'log error', params: ({ event }) => ({ error: event.error }) },
                    {
                      type: 'notify',
                      params: { kind: 'error', message: CHAT_MESSAGES.modelsFailed },
                    },
                  ],
                },
              },
            },
            loaded: {},
            failed: { tags: 'error' },
          },
        },
        composer: {
          initial: 'idle',
          states: {
            idle: {
              // Cleared on arrival rather than on leaving `sending`, so a failure's toast can
              // still name the provider the turn was for.
              entry: 'end turn',
              on: { 'message.send': { guard: 'can send?', target: 'sending' } },
            },
            sending: {
              tags: 'busy',
              entry: 'start turn',
              initial: 'savingUserMessage',
              states: {
                savingUserMessage: {
                  invoke: {
                    id: 'userMessageSaver',
                    src: 'save message',
                    input: ({ context }) => lastMessage(context) as ChatMessage,
                    onDone: 'findingModel',
                    onError: '#chat.active.composer.failed',
                  },
                },
                findingModel: {
                  invoke: {
                    id: 'modelFinder',
                    src: 'find model',
                    input: ({ context }) => ({ modelId: context.pending?.modelId ?? '' }),
                    onDone: [
                      {
                        guard: 'model found?',
                        target: 'findingKey',
                        actions: assign({
                          pending: ({ context, event }) =>
                            context.pending && {
                              ...context.pending,
                              provider: event.output?.provider ?? null,
                            },
                        }),
                      },
                      {
                        target: '#chat.active.composer.idle',
                        actions: {
                          type: 'notify',
                          params: { kind: 'error', message: CHAT_MESSAGES.modelNotFound },
                        },
                      },
                    ],
                    onError: '#chat.active.composer.failed',
                  },
                },
                findingKey: {
                  invoke: {
                    id: 'apiKeyFinder',
                    src: 'find api key',
                    input: ({ context }) => ({
                      userId: context.userId ?? '',
                      provider: context.pending?.provider ?? '',
                    }),
                    onDone: [
                      {
                        guard: 'has key?',
                        target: 'callingModel',
                        actions: assign({
                          pending: ({ context, event }) =>
                            context.pending && { ...context.pending, apiKey: event.output },
                        }),
                      },
                      {
                        target: '#chat.active.composer.idle',
                        actions: [
                          {
                            type: 'notify',
                            params: ({ context }) => ({
                              kind: 'error' as const,
                              message: CHAT_MESSAGES.missingKey(context.pending?.provider ?? ''),
                            }),
                          },
                          {
                            type: 'notify',
                            params: {
                              kind: 'info',
                              message: CHAT_MESSAGES.missingKeyHint,
                              durationMs: API_KEY_HINT_TOAST_MS,
                            },
                          },
                        ],
                      },
                    ],
                    onError: '#chat.active.composer.failed',
                  },
                },
                callingModel: {
                  invoke: {
                    id: 'modelCaller',
                    src: 'call model',
                    input: ({ context }) => ({
                      provider: context.pending?.provider ?? '',
                      apiKey: context.pending?.apiKey ?? '',
                      model: context.pending?.modelId ?? '',
                      messages: context.pending?.turns ?? [],
                    }),
                    onDone: { target: 'savingReply', actions: 'add reply' },
                    onError: '#chat.active.composer.failed',
                  },
                },
                savingReply: {
                  invoke: {
                    id: 'replySaver',
                    src: 'save message',
                    input: ({ context }) => lastMessage(context) as ChatMessage,
                    onDone: '#chat.active.composer.idle',
                    onError: '#chat.active.composer.failed',
                  },
                },
              },
            },
            // Any other failure shows its message; the composer is usable again at once.
            failed: {
              entry: [
                { type: 'log error', params: ({ event }) => ({ error: errorOf(event) }) },
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    kind: 'error' as const,
                    message: failureMessage(errorOf(event)),
                  }),
                },
              ],
              always: 'idle',
            },
          },
        },
      },
    },
  },
})
