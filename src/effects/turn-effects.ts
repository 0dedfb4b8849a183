import { type EventObject, fromCallback, fromPromise } from 'xstate'
import { decodeApiKey } from '../domain/api-key-encoding'
import { CONTEXT_EARLIER_MESSAGES } from '../domain/chat-context'
import type { ChatMessage } from '../domain/chat-message'
import type { ChatModel } from '../domain/chat-model'
import type { ChatTurn } from '../domain/chat-types'
import type { ComposerDrafts } from '../domain/composer-drafts'
import type { Conversation } from '../domain/conversation'
import { isServerProvider, parseServerModelId } from '../domain/server-models'
import type { compareMachine } from '../machines/compare.machine'
import type { Notice } from '../machines/notice'
import { type StreamReplyInput, turnMachine } from '../machines/turn.machine'
import type { KeyValueStorage, PlatformClient } from '../platform/index'
import type { ProviderBaseUrls } from '../providers/provider-call'
import { apiKeyRows } from './api-key-rows'
import type { AttachmentTurns } from './attachment-turns'
import type { ReplyActors } from './compare-effects'
import {
  coalescedDraftWriter,
  forgetUnsentMessage,
  keepUnsentMessage,
  recallComposerDrafts,
} from './composer-draft-store'
import { deferredActors } from './deferred-logic'
import { readPage } from './history-pages'
import { logError, showToast } from './notify'
import type { serverTurnEffects } from './server-turns'

export interface TurnEffectsOptions {
  platform: PlatformClient
  /** The signed-in user's id; throws when nobody is. */
  currentUserId: () => string
  providerBaseUrls: Partial<ProviderBaseUrls>
  /** Provider calls go through this fetch (tests); the global one by default. */
  fetch?: typeof fetch
  notify?: (notice: Notice) => void
  /** Where each conversation's unsent text is kept: the browser's local storage. */
  storage: KeyValueStorage
  /** Calls `listener` when the page goes away (`pagehide`); returns how to stop. Tests fake it. */
  onPageHide?: (listener: () => void) => () => void
}

function listenForPageHide(listener: () => void): () => void {
  globalThis.addEventListener?.('pagehide', listener)
  return () => globalThis.removeEventListener?.('pagehide', listener)
}

/** The turn's effects on the SDK: its rows, the model and key look-ups, and the provider call. */
export function provideTurn(options: TurnEffectsOptions) {
  const { platform } = options
  const notify = (_: unknown, notice: Notice) => (options.notify ?? showToast)(notice)
  const models = platform.db.table<ChatModel>('aiModels')
  const messages = platform.db.table<ChatMessage>('chatMessages')
  const keys = apiKeyRows(platform)
  const conversations = platform.db.table<Conversation>('conversations')
  // The user's OpenAI-compatible servers (docs/product/servers.md): their look-ups load with
  // the first turn for one (docs/performance.md, "Split").
  let serverTurns: Promise<ReturnType<typeof serverTurnEffects>> | undefined
  const servers = () => {
    serverTurns ??= import('./server-turns').then((m) => m.serverTurnEffects(platform))
    return serverTurns
  }
  // The reply's writes, one after the other in the order asked (a turn is one at a time): the
  // next waits for the last to settle, done or failed.
  let lastReplyWrite: Promise<unknown> = Promise.resolve()
  const writeReply = (message: ChatMessage) => {
    const write = () => messages.upsert(message)
    const mine = lastReplyWrite.then(write, write)
    lastReplyWrite = mine.catch(() => {})
    return mine.then(() => {})
  }
  // A turn with files: their contents and rows, loaded with the first (docs/performance.md, "Split").
  let attachmentTurns: Promise<AttachmentTurns> | undefined
  const files = () => {
    attachmentTurns ??= import('./attachment-turns').then((m) => m.createAttachmentTurns(platform))
    return attachmentTurns
  }
  const onPageHide = options.onPageHide ?? listenForPageHide
  const storeDrafts = coalescedDraftWriter(options.storage, onPageHide)

  // What asks for a reply: the turn's own, and each column of a comparison (docs/product/compare.md).
  const replyActors: ReplyActors = {
    'find model': fromPromise(async ({ input }: { input: { modelId: string } }) => {
      if (parseServerModelId(input.modelId)) {
        return (await servers()).findServerModel(input.modelId)
      }
      const [model] = await models.list({ where: { id: input.modelId }, limit: 1 })
      return model ?? null
    }),
    'find api key': fromPromise(
      async ({ input }: { input: { userId: string; provider: string } }) => {
        // A server's key may be '' (it takes none); a hosted provider's is a key or null.
        if (isServerProvider(input.provider)) {
          return (await servers()).serverKey(input.userId, input.provider)
        }
        const row = await keys.stored(input.userId, input.provider)
        return (row && decodeApiKey(row.apiKeyEncrypted)) || null
      },
    ),
    // docs/product/conversations.md, "Long conversations": the newest earlier messages of the path.
    'read earlier': fromPromise(
      async ({ input }: { input: { conversationId: string; messageId: string } }) => {
        const page = await readPage(
          platform.db,
          input.conversationId,
          input.messageId,
          CONTEXT_EARLIER_MESSAGES,
        )
        return page.messages
      },
    ),
    'stream reply': fromCallback<EventObject, StreamReplyInput>(({ input, sendBack }) => {
      const { reply, ...call } = input
      const controller = new AbortController()
      // docs/product/behaviour.md#replies-that-survive: the page going away mid-reply writes
      // what arrived, marked interrupted, in a request that outlives the page.
      let arrived = ''
      const stopWatching = onPageHide(() => {
        if (arrived === '') return
        const row = { ...reply, content: arrived }
        void messages.upsert(row, { keepalive: true }).catch(() => {})
      })
      // A model on the user's own server is sent to that server (docs/product/servers.md).
      // Files go as their contents, read once (docs/product/attachments.md#the-context).
      const withContents = call.messages.some((turn) => turn.attachments?.length)
        ? files()
            .then((contents) => contents.turnsWithContents(call.messages))
            .then((messages) => ({ ...call, messages }))
        : Promise.resolve({ ...call, messages: call.messages as ChatTurn[] })
      const request = isServerProvider(call.provider)
        ? Promise.all([servers(), withContents]).then(([found, full]) =>
            found.resolveServerRequest(full),
          )
        : withContents
      request
        .then(async (request) => {
          // The providers' adapters load on the first send, not with the first paint
          // (docs/performance.md, "Split").
          const { sendChat } = await import('../providers/send-chat')
          return sendChat(request, {
            baseUrls: options.providerBaseUrls,
            fetch: options.fetch,
            signal: controller.signal,
            onDelta: (text) => {
              arrived += text
              sendBack({ type: 'reply.delta', text })
            },
          })
        })
        .then(
          (result) => sendBack({ type: 'reply.done', result }),
          async (error: unknown) => {
            // Stopped on purpose: the machine has moved on and keeps what it has.
            if (controller.signal.aborted) return
            // With the providers' adapters, which throw it (docs/performance.md, "Split").
            const { ChatStreamError } = await import('../providers/stream-errors')
            if (controller.signal.aborted) return
            const cut = error instanceof ChatStreamError ? error : null
            sendBack({
              type: 'reply.failed',
              error,
              partial: cut?.partial ?? '',
              usage: cut?.usage ?? null,
            })
          },
        )
      return () => {
        stopWatching()
        controller.abort()
      }
    }),
    // One row per reply, new or over its draft or the reply a regeneration replaces; a
    // draft save still on its way lands first, never over the reply.
    'save draft': fromPromise(({ input }: { input: { message: ChatMessage } }) =>
      writeReply(input.message),
    ),
    // docs/product/behaviour.md#replies-that-survive: the page going away before the finished
    // reply is written (its write waits for a draft's, or is slow) writes it at once, in a
    // request that outlives the page.
    'save reply': fromPromise(({ input }: { input: { message: ChatMessage } }) => {
      const stopWatching = onPageHide(() => {
        void messages.upsert(input.message, { keepalive: true }).catch(() => {})
      })
      return writeReply(input.message).finally(stopWatching)
    }),
  }
  const comparison = deferredActors<{ 'compare replies': typeof compareMachine }>([
    'compare replies',
  ])

  return turnMachine.provide({
    actors: {
      'recall drafts': fromPromise(async ({ input }: { input: { userId: string } }) =>
        recallComposerDrafts(options.storage, input.userId),
      ),
      'create conversation': fromPromise(
        async ({
          input,
        }: {
          input: { id: string; userId: string; title: string; createdAt: string }
        }) => {
          await conversations.create({ ...input, updatedAt: input.createdAt })
        },
      ),
      'save message': fromPromise(async ({ input }: { input: ChatMessage }) => {
        // The database moves the conversation's activity time forward (db/migrations/conversations.ts).
        // A message with files is written with their rows, all or nothing.
        await (input.attachments?.length ? (await files()).save(input) : messages.create(input))
      }),
      ...replyActors,
      // A comparison's code comes with its first use (docs/performance.md, "Split").
      'load compare': fromPromise(async () => {
        const { provideCompare } = await import('./compare-effects')
        comparison.fill({ 'compare replies': provideCompare(replyActors, logError) })
      }),
      ...comparison.logic,
    },
    actions: {
      notify,
      'log error': logError,
      'store drafts': (_, { userId, drafts }: { userId: string; drafts: ComposerDrafts }) =>
        storeDrafts(userId, drafts),
      'store unsent': (_, { userId, key, text }) =>
        keepUnsentMessage(options.storage, userId, key, text),
      'drop unsent': (_, { userId, text }) => forgetUnsentMessage(options.storage, userId, text),
      // docs/product/behaviour.md#chat-sending: the question keeps why its turn failed.
      'record failure': (_, { message }: { message: ChatMessage }) => {
        if (!message.failure) return
        void messages
          .update(message.id, { failure: message.failure })
          .catch((error: unknown) => logError(undefined, { error }))
      },
    },
  })
}
