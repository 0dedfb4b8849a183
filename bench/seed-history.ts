import type { TokenSet } from '../src/platform/types'
import { signUpThroughAuthPage } from '../tests/support/sign-up'

/** What a bench's user has: tokens, id, and the address that opens the seeded conversation. */
export interface SeededHistory {
  tokens: TokenSet
  userId: string
  /** `?c=<conversation>` on the server: the conversation opened by its link. */
  conversationUrl: string
}

/**
 * A user signed up through the hosted page, with an Anthropic key and one conversation of 100
 * messages (user and assistant in turn, a second apart, an hour ago), written through the
 * table API as the app would write them. Each bench brings its own message text, so that its
 * figures keep measuring what they measured.
 */
export async function seedHistory(
  baseUrl: string,
  options: {
    email: string
    displayName: string
    conversationId: string
    message: (index: number) => string
  },
): Promise<SeededHistory> {
  const tokens = await signUpThroughAuthPage((r) => fetch(r), baseUrl, {
    email: options.email,
    displayName: options.displayName,
  })
  const headers = {
    Authorization: `Bearer ${tokens.access_token}`,
    'Content-Type': 'application/json',
  }
  const me = await (await fetch(`${baseUrl}/api/auth/me`, { headers })).json()
  const userId = me.user.id as string
  const post = tablePoster(baseUrl, tokens)
  const conversationId = options.conversationId
  await post('conversations', { id: conversationId, user_id: userId, title: 'History' })
  const start = Date.now() - 3_600_000
  await post(
    'chat_messages',
    Array.from({ length: 100 }, (_, i) => ({
      conversation_id: conversationId,
      id: `msg_${start + i * 1000}_${i % 2 ? 'assistant' : 'user'}`,
      user_id: userId,
      model_id: 'claude-haiku-4-5',
      role: i % 2 ? 'assistant' : 'user',
      content: options.message(i),
      created_at: new Date(start + i * 1000).toISOString(),
    })),
  )
  await post('user_api_keys', {
    user_id: userId,
    provider: 'anthropic',
    api_key_encrypted: Buffer.from('sk-ant-test-bench').toString('base64'),
  })
  return { tokens, userId, conversationUrl: `${baseUrl}/?c=${conversationId}` }
}

/** POSTs rows to a table of the app through the table API, as the owner of `tokens`. */
export function tablePoster(baseUrl: string, tokens: TokenSet) {
  const rest = `${baseUrl}/api/db/prompt-chat/rest/v1`
  const headers = {
    Authorization: `Bearer ${tokens.access_token}`,
    'Content-Type': 'application/json',
  }
  return async (table: string, body: unknown) => {
    const res = await fetch(`${rest}/${table}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`seeding ${table}: ${res.status} ${await res.text()}`)
  }
}
