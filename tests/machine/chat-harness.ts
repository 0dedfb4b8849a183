import { type Actor, createActor, type EventObject, fromCallback, fromPromise } from 'xstate'
import type { ContextTurn } from '../../src/domain/chat-context'
import type { ChatMessage } from '../../src/domain/chat-message'
import type { ChatModel } from '../../src/domain/chat-model'
import type { ChatResult } from '../../src/domain/chat-types'
import type { ComposerDrafts } from '../../src/domain/composer-drafts'
import type { Conversation } from '../../src/domain/conversation'
import type { HistoryPage } from '../../src/domain/history-page'
import type { StoredUsage } from '../../src/domain/model-prices'
import type { Notice } from '../../src/machines/notice'
import { openConversationMachine } from '../../src/machines/open-conversation.machine'
import type { OpenConversationEvent } from '../../src/machines/open-conversation-state'
import { type StreamReplyInput, type TurnEvent, turnMachine } from '../../src/machines/turn.machine'
import { answerAsk, editAsk, regenerateAsk, sendAsk } from '../../src/machines/turn-asks'

// The turn and the open conversation together, with recording fakes for their effects and the
// app machine's routes between them (app.machine.ts) done by hand: a send asked of the open
// conversation reaches the turn with its facts, and the turn's rows show in the open one.

export const GPT: ChatModel = {
  id: 'gpt-5',
  name: 'GPT-5',
  description: 'Flagship',
  provider: 'openai',
}
export const CLAUDE: ChatModel = {
  id: 'claude-haiku-4-5',
  name: 'Claude Haiku 4.5',
  description: 'Fast',
  provider: 'Anthropic',
}
export const PROMPT = { id: 'prompt_1', title: 'Pirate', content: 'Talk like a pirate.' }
export const reply = (content: string): ChatResult => ({
  content,
  model: 'gpt-5',
  usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
})
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Message n: a user's when odd, a reply when even, unless told. */
export const idOf = (n: number, role: 'user' | 'assistant' = n % 2 === 1 ? 'user' : 'assistant') =>
  `msg_${n}_${role}`

/** Message n, following message n − 1 (as `idOf` names it), unless told which. */
export function row(
  n: number,
  role: 'user' | 'assistant',
  parentId: string | null = n > 1 ? idOf(n - 1) : null,
): ChatMessage {
  return {
    id: idOf(n, role),
    parentId,
    userId: 'user_1',
    modelId: 'gpt-5',
    role,
    content: `${role} ${n}`,
    systemPromptId: null,
    createdAt: new Date(n).toISOString(),
  }
}

/** A stream the test drives by hand: `send` reports, `stopped` tells whether it was aborted. */
export function manualStream() {
  const handle = { send: (_: TurnEvent) => {}, stopped: false }
  const stream = (send: (event: TurnEvent) => void) => {
    handle.send = send
    handle.stopped = false
    return () => {
      handle.stopped = true
    }
  }
  return { handle, stream }
}

export interface Fakes {
  /** The page a conversation opens with; a plain list has nothing older. */
  history?: (conversationId: string | null) => Promise<ChatMessage[] | Partial<HistoryPage>>
  /** The page of the branch ending at `parentId` (the oldest shown names it). */
  older?: (parentId: string) => Promise<ChatMessage[] | Partial<HistoryPage>>
  /** The newest earlier messages of the stored path ending at `messageId` (a turn's context). */
  earlier?: (messageId: string) => Promise<ChatMessage[]>
  /** The page another version's branch opens with. */
  branch?: (messageId: string) => Promise<ChatMessage[] | Partial<HistoryPage>>
  /** The model the models actor has chosen ('gpt-5' unless told; null: none yet). */
  model?: string | null
  findModel?: (id: string) => Promise<ChatModel | null>
  findKey?: (provider: string) => Promise<string | null>
  call?: (messages: ContextTurn[]) => Promise<ChatResult>
  /** Streams instead of `call`: reports through `send` and returns what stopping does. */
  stream?: (send: (event: TurnEvent) => void, input: StreamReplyInput) => () => void
  save?: (message: ChatMessage) => Promise<void>
  /** A streaming reply's draft save. */
  saveDraft?: (message: ChatMessage) => Promise<void>
  createConversation?: () => Promise<void>
  /** The unsent text stored in this browser at sign-in (none unless told). */
  storedDrafts?: () => Promise<ComposerDrafts>
  /** The conversation the address names as the session starts (none unless told). */
  link?: string | null
  /** A conversation's row by id, as row-level security answers (null: not the user's). */
  find?: (id: string) => Promise<Conversation | null>
  /** A conversation's replies summed by model (none unless told). */
  spend?: (conversationId: string) => Promise<StoredUsage[]>
}

/** The events the open conversation takes; the turn takes the rest. */
const OPEN_EVENTS = new Set<string>([
  'conversation.open',
  'conversation.starting',
  'conversation.saved',
  'conversation.activity',
  'conversation.deleted',
  'list.latest',
  'address.moved',
  'history.older',
  'message.revealed',
  'message.send',
  'message.regenerate',
  'turn.shown',
  'turn.hidden',
  'branch.show',
  'edit.start',
  'edit.change',
  'edit.cancel',
  'edit.save',
  'message.answer',
])

/** A page as the fakes give it: a plain list has nothing older and no versions. */
export const pageOf = (answer: ChatMessage[] | Partial<HistoryPage>): HistoryPage =>
  Array.isArray(answer)
    ? { messages: answer, hasOlder: false, versions: {} }
    : { messages: [], hasOlder: false, versions: {}, ...answer }

/**
 * The pair, signed in as `user_1`, whose effects are recording fakes, on a clock that ticks
 * 1000 ms per read. `send` gives each event to the actor that takes it.
 */
export function startChat(fakes: Fakes = {}) {
  const effects: string[] = []
  const saved: ChatMessage[] = []
  /** The drafts saved while replies streamed, in order. */
  const drafts: ChatMessage[] = []
  /** The unsent text as each write stored it, in order. */
  const storedDrafts: ComposerDrafts[] = []
  /** The provider calls, without the reply row each is given for `pagehide`. */
  const calls: Array<Omit<StreamReplyInput, 'reply'>> = []
  /** The reply rows the calls were given. */
  const replyRows: ChatMessage[] = []
  let stops = 0
  const created: Array<{ id: string; title: string; userId: string }> = []
  const reports: string[] = []
  /** The models the open conversation said its histories were last answered with. */
  const modelsUsed: string[] = []
  const notices: Notice[] = []
  const logged: unknown[] = []
  /** What the browser was told to keep of questions that could not be saved, in order. */
  const unsent: string[] = []
  /** The conversations whose total was read, in order. */
  const spendReads: string[] = []
  /** What the address was told, in order: `push <id>` or `replace <id>`. */
  const addresses: string[] = []
  let moveAddress: (conversationId: string | null) => void = () => {}
  /** The failed turns' questions written with their `failure`. */
  const failures: ChatMessage[] = []
  let time = 1_700_000_000_000
  let turn: Actor<typeof turnMachine> | null = null
  let open: Actor<typeof openConversationMachine> | null = null
  const toTurn = (event: TurnEvent) => turn?.send(event)
  const toOpen = (event: OpenConversationEvent) => open?.send(event)
  const openLogic = openConversationMachine.provide({
    actors: {
      // The address names `fakes.link` (none unless told); `moveAddress` is Back or Forward.
      'watch address': fromCallback(({ sendBack }) => {
        moveAddress = (conversationId) => sendBack({ type: 'address.moved', conversationId })
        sendBack({ type: 'address.read', conversationId: fakes.link ?? null })
      }),
      'open link': fromPromise(
        async ({ input }: { input: { userId: string; conversationId: string } }) => {
          effects.push(`open link ${input.conversationId}`)
          const [conversation, page] = await Promise.all([
            fakes.find ? fakes.find(input.conversationId) : Promise.resolve(null),
            fakes.history ? fakes.history(input.conversationId) : Promise.resolve([]),
          ])
          return { conversation, page: conversation ? pageOf(page) : pageOf([]) }
        },
      ),
      'load history': fromPromise(
        async ({
          input,
        }: {
          input: { userId: string; conversationId: string | null }
        }): Promise<HistoryPage> => {
          return pageOf(fakes.history ? await fakes.history(input.conversationId) : [])
        },
      ),
      'read spend': fromCallback<EventObject, { userId: string; conversationId: string }>(
        ({ input, sendBack }) => {
          const { conversationId } = input
          spendReads.push(conversationId)
          let live = true
          const rows = fakes.spend ? fakes.spend(conversationId) : Promise.resolve([])
          rows.then(
            (found) => live && sendBack({ type: 'spend.read', conversationId, rows: found }),
            (error: unknown) => live && sendBack({ type: 'spend.failed', error }),
          )
          return () => {
            live = false
          }
        },
      ),
      'load older history': fromPromise(
        async ({
          input,
        }: {
          input: { userId: string; conversationId: string; parentId: string }
        }): Promise<HistoryPage> => {
          effects.push(`load older ${input.conversationId} from ${input.parentId}`)
          return pageOf(fakes.older ? await fakes.older(input.parentId) : [])
        },
      ),
      'open branch': fromPromise(
        async ({
          input,
        }: {
          input: { userId: string; conversationId: string; messageId: string }
        }): Promise<HistoryPage> => {
          effects.push(`open branch ${input.conversationId} at ${input.messageId}`)
          return pageOf(fakes.branch ? await fakes.branch(input.messageId) : [])
        },
      ),
    },
    actions: {
      'log error': (_, { error }: { error: unknown }) => {
        logged.push(error)
      },
      notify: (_, notice: Notice) => {
        notices.push(notice)
      },
      'show in address': (_, { conversationId, push }) => {
        addresses.push(`${push ? 'push' : 'replace'} ${conversationId ?? '(new chat)'}`)
      },
      'report found': ({ event }) => {
        const { conversation } = (event as unknown as { output: { conversation: Conversation } })
          .output
        reports.push(`found ${conversation.id}`)
      },
      'report model used': ({ context }) => {
        const newest = context.messages.at(-1)
        if (newest) modelsUsed.push(newest.modelId)
      },
      // What the open conversation asks, as the app machine passes it on, renamed.
      'ask to send': ({ context }) => toTurn({ type: 'message.send', ...sendAsk(context) }),
      'ask to regenerate': ({ context }) =>
        toTurn({ type: 'message.regenerate', ...regenerateAsk(context) }),
      'ask to answer': ({ context, event }) => {
        if (event.type !== 'message.answer') return
        toTurn({ type: 'message.answer', ...answerAsk(context, event.messageId, event.modelIds) })
      },
      'ask to edit': ({ context }) => toTurn({ type: 'message.edit', ...editAsk(context) }),
      'report shown': ({ context }) =>
        toTurn({ type: 'input.for', conversationId: context.conversationId }),
    },
  })
  const turnLogic = turnMachine.provide({
    actors: {
      'create conversation': fromPromise(
        async ({
          input,
        }: {
          input: { id: string; userId: string; title: string; createdAt: string }
        }) => {
          effects.push('create conversation')
          created.push(input)
          await fakes.createConversation?.()
        },
      ),
      'save message': fromPromise(async ({ input }: { input: ChatMessage }) => {
        effects.push(`save ${input.role}`)
        saved.push(input)
        await fakes.save?.(input)
      }),
      'find model': fromPromise(async ({ input }: { input: { modelId: string } }) => {
        effects.push('find model')
        if (fakes.findModel) return fakes.findModel(input.modelId)
        return [GPT, CLAUDE].find((m) => m.id === input.modelId) ?? null
      }),
      'find api key': fromPromise(
        async ({ input }: { input: { userId: string; provider: string } }) => {
          effects.push('find key')
          return fakes.findKey ? fakes.findKey(input.provider) : `key-for-${input.provider}`
        },
      ),
      'read earlier': fromPromise(
        async ({ input }: { input: { conversationId: string; messageId: string } }) => {
          effects.push(`read earlier ${input.conversationId} to ${input.messageId}`)
          return fakes.earlier ? fakes.earlier(input.messageId) : []
        },
      ),
      'stream reply': fromCallback<EventObject, StreamReplyInput>(({ input, sendBack }) => {
        effects.push('call model')
        const { reply: row, ...call } = input
        calls.push(call)
        replyRows.push(row)
        if (fakes.stream) {
          const stop = fakes.stream(sendBack, input)
          return () => {
            stops++
            stop()
          }
        }
        let live = true
        const answer = fakes.call ? fakes.call(input.messages) : Promise.resolve(reply('**hi**'))
        answer.then(
          (result) => live && sendBack({ type: 'reply.done', result }),
          (error) => live && sendBack({ type: 'reply.failed', error, partial: '', usage: null }),
        )
        return () => {
          live = false
        }
      }),
      'save reply': fromPromise(async ({ input }: { input: { message: ChatMessage } }) => {
        effects.push(`save ${input.message.role}`)
        saved.push(input.message)
        await fakes.save?.(input.message)
      }),
      'save draft': fromPromise(async ({ input }: { input: { message: ChatMessage } }) => {
        drafts.push(input.message)
        await fakes.saveDraft?.(input.message)
      }),
      'recall drafts': fromPromise(async () => (fakes.storedDrafts ? fakes.storedDrafts() : {})),
    },
    actions: {
      'store drafts': (_, { drafts }: { drafts: ComposerDrafts }) => {
        storedDrafts.push(drafts)
      },
      'store unsent': (_, { key, text }: { key: string; text: string }) => {
        unsent.push(`keep "${text}" for ${key || '(new chat)'}`)
      },
      'drop unsent': (_, { text }: { text: string }) => {
        unsent.push(`drop "${text}"`)
      },
      notify: (_, notice: Notice) => {
        notices.push(notice)
      },
      'log error': (_, { error }: { error: unknown }) => {
        logged.push(error)
      },
      'record failure': (_, { message }: { message: ChatMessage }) => {
        if (message.failure) failures.push(message)
      },
      'report conversation starting': ({ context }) => {
        const starting = context.pending?.conversation
        if (!starting) return
        reports.push(`starting ${starting.title}`)
        toOpen({ type: 'conversation.starting', conversationId: starting.id })
      },
      'report conversation started': ({ context }) => {
        reports.push(`started ${context.pending?.conversation?.title}`)
      },
      'report attachments sent': ({ context }) => {
        if (context.pending?.message.attachments?.length) reports.push('attachments sent')
      },
      'report activity': ({ context }) => {
        const conversationId = context.pending?.message.conversationId ?? ''
        reports.push(`activity ${conversationId}`)
        // As the app machine passes it on: the open conversation reads its total again.
        toOpen({ type: 'conversation.activity', conversationId, at: '' })
      },
      'show question': ({ context }) => {
        if (context.pending)
          toOpen({
            type: 'turn.shown',
            message: context.pending.message,
            versionOf: context.pending.edits?.id ?? null,
          })
      },
      'show reply': ({ context }) => {
        if (context.pending?.reply)
          toOpen({
            type: 'turn.shown',
            message: context.pending.reply,
            versionOf: context.pending.replaces?.id ?? null,
          })
      },
      // As the machine's own: only when the regeneration got no reply.
      'show replaced reply': ({ context }) => {
        if (context.pending?.replaces && context.pending.reply === null)
          toOpen({ type: 'turn.shown', message: context.pending.replaces })
      },
      'hide replaced reply': ({ context }) => {
        if (context.pending?.replaces)
          toOpen({ type: 'turn.hidden', messageId: context.pending.replaces.id })
      },
    },
  })
  const started = {
    turn: createActor(turnLogic, { input: { userId: 'user_1', now: () => (time += 1000) } }),
    open: createActor(openLogic, { input: { userId: 'user_1' } }),
  }
  turn = started.turn
  open = started.open
  turn.start()
  open.start()
  /** Both contexts as one: the turn's and the open conversation's. */
  const context = () => ({
    ...started.open.getSnapshot().context,
    ...started.turn.getSnapshot().context,
  })
  const actor = {
    send: (event: TurnEvent | OpenConversationEvent | { type: 'message.send' }) => {
      if (OPEN_EVENTS.has(event.type)) toOpen(event as OpenConversationEvent)
      else toTurn(event as TurnEvent)
    },
  }
  const hasTag = (tag: string) =>
    started.turn.getSnapshot().hasTag(tag as never) ||
    started.open.getSnapshot().hasTag(tag as never)
  /** The models actor's first choice arrives (gpt-5). */
  const signIn = () => actor.send({ type: 'model.select', modelId: 'gpt-5' })
  const typeAndSend = (text: string) => {
    actor.send({ type: 'input.change', value: text })
    actor.send({ type: 'message.send' })
  }
  return {
    actor,
    turn: started.turn,
    open: started.open,
    hasTag,
    effects,
    saved,
    drafts,
    storedDrafts,
    replyRows,
    calls,
    stops: () => stops,
    created,
    reports,
    modelsUsed,
    notices,
    logged,
    addresses,
    spendReads,
    unsent,
    /** Back or Forward: the address now names `conversationId` (null: a new chat). */
    moveAddress: (conversationId: string | null) => moveAddress(conversationId),
    failures,
    context,
    signIn,
    typeAndSend,
  }
}

/** Signed in, with a conversation open (`conv_1` unless told otherwise; null: a new chat). */
export async function signedInChat(fakes: Fakes = {}, conversationId: string | null = 'conv_1') {
  const chat = startChat(fakes)
  // The models actor's choice, as the app machine passes it on.
  const model = fakes.model === undefined ? 'gpt-5' : fakes.model
  if (model !== null) chat.actor.send({ type: 'model.select', modelId: model })
  chat.actor.send({ type: 'conversation.open', conversationId })
  await flush()
  return chat
}
