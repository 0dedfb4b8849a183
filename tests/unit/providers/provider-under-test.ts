import { http } from 'msw'
import type { ChatTurn, ProviderName } from '../../../src/domain/chat-types'
import { sendChat } from '../../../src/providers/send-chat'
import { mswServer } from '../../support/msw-server'
import { useProviderFakes } from './fakes-under-msw'

/** A system prompt, then user, assistant and user turns: 'Be brief.', 'Hi', 'Hello!', 'Again'. */
export const CONVERSATION: ChatTurn[] = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Hi' },
  { role: 'assistant', content: 'Hello!' },
  { role: 'user', content: 'Again' },
]

/** What one provider's tests send: a model, a default key, and the turns before each `chat`. */
interface ProviderUnderTest {
  provider: ProviderName
  model: string
  apiKey: string
  /** The MSW path the provider posts to, for answering in the fake's place. */
  endpoint: string
  /** Turns sent before the user's message by `chat`; none by default. */
  history?: ChatTurn[]
}

/**
 * Fresh provider fakes for every test of the file (see `useProviderFakes`), and `sendChat`
 * bound to one provider, model and key.
 */
export function useProviderUnderTest(options: ProviderUnderTest) {
  const fakes = useProviderFakes()
  const send = (messages: ChatTurn[], apiKey = options.apiKey) =>
    sendChat({ provider: options.provider, apiKey, model: options.model, messages })
  return {
    fakes,
    send,
    /** Sends `content` as the user's message after the history. */
    chat: (content: string, apiKey?: string) =>
      send([...(options.history ?? []), { role: 'user', content }], apiKey),
    /** The body of the first request the fake received. */
    sentBody: () => fakes().requests[0]!.body,
    /** Answers the provider's endpoint with `response` instead of the fake. */
    answer: (response: () => Response) => mswServer.use(http.post(options.endpoint, response)),
  }
}
