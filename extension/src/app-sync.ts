import type { BridgeClient } from './bridge-client'
import { type BridgeUser, isReplyOf, type ReplyOf } from './protocol'
import { readState, type StorageArea, type StoredState, signedOutState, writeState } from './state'

/** How long the app may take to say who is signed in (it waits up to 5 s for its own auth). */
export const USER_TIMEOUT_MS = 6_000
/** The app may not be listening yet when the content script starts: ask again this often. */
const USER_RESEND_MS = 1_000
const PROMPTS_TIMEOUT_MS = 10_000
/** The app drops an update that gets no outcome within 10 s. */
const UPDATE_TIMEOUT_MS = 12_000

export interface AppSyncOptions {
  client: BridgeClient
  storage: StorageArea
  now?: () => number
}

/**
 * The app tab's content script: asks the app's bridge who is signed in and for their prompts,
 * and keeps the answer in extension storage; relays system-prompt toggles from the chat sites.
 */
export function createAppSync({ client, storage, now = Date.now }: AppSyncOptions) {
  let running: Promise<StoredState> | null = null
  let user: BridgeUser | null = null

  async function syncOnce(): Promise<StoredState> {
    const who = await client.request({ type: 'GET_USER_DATA' }, isReplyOf('USER_DATA', 'NO_USER'), {
      timeoutMs: USER_TIMEOUT_MS,
      resendEveryMs: USER_RESEND_MS,
    })
    if (!who || who.type === 'NO_USER') {
      // No answer within the wait, or nobody signed in: signed out.
      user = null
      const state = signedOutState(now())
      await writeState(storage, state)
      return state
    }
    user = who.user
    const data = await client.request(
      { type: 'GET_PROMPTS_DATA', userId: who.user.id },
      isReplyOf('PROMPTS_DATA'),
      { timeoutMs: PROMPTS_TIMEOUT_MS },
    )
    const previous = await readState(storage)
    const sameUser = previous?.status === 'signed-in' && previous.user?.id === who.user.id
    if (!data && sameUser) return previous // keep what we had; the next round tries again
    const state: StoredState = {
      status: 'signed-in',
      user: who.user,
      userPrompts: data?.userPrompts ?? [],
      systemPrompts: data?.systemPrompts ?? [],
      activeSystemPrompt: data?.activeSystemPrompt ?? null,
      syncedAt: now(),
    }
    await writeState(storage, state)
    return state
  }

  /** One refresh at a time: a refresh asked for while one runs shares it. */
  function sync(): Promise<StoredState> {
    running ??= syncOnce().finally(() => {
      running = null
    })
    return running
  }

  /** Asks the app to (de)activate a system prompt; true once the app confirmed it. */
  async function setSystemPrompt(promptId: string, isActive: boolean): Promise<boolean> {
    if (!user) await sync()
    if (!user) return false
    const reply = await client.request(
      { type: 'UPDATE_SYSTEM_PROMPT', userId: user.id, promptId, isActive },
      (r): r is ReplyOf<'SYSTEM_PROMPT_UPDATED'> =>
        r.type === 'SYSTEM_PROMPT_UPDATED' && r.promptId === promptId && r.isActive === isActive,
      { timeoutMs: UPDATE_TIMEOUT_MS },
    )
    if (!reply) return false
    await sync()
    return true
  }

  return { sync, setSystemPrompt }
}
