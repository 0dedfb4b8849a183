import type { CallbackActorLogic, EventObject, PromiseActorLogic } from 'xstate'
import type { ChatMessage } from '../domain/chat-message'
import type { ChatModel } from '../domain/chat-model'
import { compareMachine } from '../machines/compare.machine'
import { compareColumnMachine } from '../machines/compare-column.machine'
import type { StreamReplyInput } from '../machines/turn-state'

/** What asks for a reply: the turn's own (turn-effects.ts), which a comparison's columns share. */
export interface ReplyActors {
  'find model': PromiseActorLogic<ChatModel | null, { modelId: string }>
  'find api key': PromiseActorLogic<string | null, { userId: string; provider: string }>
  'read earlier': PromiseActorLogic<ChatMessage[], { conversationId: string; messageId: string }>
  'stream reply': CallbackActorLogic<EventObject, StreamReplyInput>
  'save draft': PromiseActorLogic<void, { message: ChatMessage }>
  'save reply': PromiseActorLogic<void, { message: ChatMessage }>
}

/**
 * A comparison's effects (docs/product/compare.md): its columns ask for replies exactly as
 * the turn does (the same look-ups, call and writes), so a column's reply is a reply like any.
 */
export function provideCompare(
  actors: ReplyActors,
  logError: (_: unknown, params: { error: unknown }) => void,
) {
  return compareMachine.provide({
    actors: {
      'read earlier': actors['read earlier'],
      column: compareColumnMachine.provide({
        actors: {
          'find model': actors['find model'],
          'find api key': actors['find api key'],
          'stream reply': actors['stream reply'],
          'save draft': actors['save draft'],
          'save reply': actors['save reply'],
        },
        actions: { 'log error': logError },
      }),
    },
  })
}
