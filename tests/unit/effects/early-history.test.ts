import { describe, expect, test, vi } from 'vitest'
import { type AnyActorLogic, createActor, toPromise } from 'xstate'
import type { ChatMessage } from '../../../src/domain/chat-message'
import type { AddressHistory } from '../../../src/effects/address-bar'
import { createEarlyHistory } from '../../../src/effects/early-history'
import { provideOpenConversation } from '../../../src/effects/open-conversation-effects'
import type { PlatformClient, SqlClient } from '../../../src/platform/index'

const message = (id: string, content: string): ChatMessage => ({
  id,
  userId: 'u1',
  modelId: 'gpt-4o',
  role: 'user',
  content,
  systemPromptId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  parentId: null,
})

/** The database's SQL, whose reads answer, in turn, with `answers` (rows or a failure). */
function messagesTable(...answers: Array<ChatMessage[] | Error>) {
  const list = vi.fn(async (_query: string, _params?: unknown[]) => {
    const answer = answers.shift() ?? []
    if (answer instanceof Error) throw answer
    return answer.map((row) => ({ ...row, versions: [row.id] }))
  })
  return { table: { sql: list } as unknown as SqlClient, list }
}

/** A conversation that fits in one page: these messages, nothing older. */
const page = (...messages: ChatMessage[]) => ({ messages, hasOlder: false, versions: {} })

/** The read a conversation opens with: the newest 100 of its current branch. */
const HISTORY_QUERY = (conversationId: string) =>
  [expect.stringContaining('chat_path($1, $2, $3)'), [conversationId, null, 100]] as const

describe('a history asked for at sign-in', () => {
  test('is read at once, with the query the chat uses, and taken once for the same user and conversation', async () => {
    const { table, list } = messagesTable([message('m1', 'hello')])
    const early = createEarlyHistory(table)
    early.start('u1', 'conv_1')
    expect(list).toHaveBeenCalledWith(...HISTORY_QUERY('conv_1'))
    expect(await early.take('u1', 'conv_1')).toEqual(page(message('m1', 'hello')))
    expect(early.take('u1', 'conv_1')).toBeNull()
  })

  test('is not handed to another conversation or user, and is gone after that first take', () => {
    const { table } = messagesTable([], [])
    const early = createEarlyHistory(table)
    early.start('u1', 'conv_1')
    expect(early.take('u1', 'conv_2')).toBeNull()
    expect(early.take('u1', 'conv_1')).toBeNull()
    early.start('u1', 'conv_1')
    expect(early.take('u2', 'conv_1')).toBeNull()
  })

  test('a failed early read is no unhandled rejection while nobody has taken it', async () => {
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    const { table } = messagesTable(new Error('offline'))
    createEarlyHistory(table).start('u1', 'conv_1')
    await new Promise((resolve) => setTimeout(resolve, 10))
    process.off('unhandledRejection', unhandled)
    expect(unhandled).not.toHaveBeenCalled()
  })
})

describe("the open conversation's history load", () => {
  /** The open conversation's `load history` actor over `table`, with `early` handed to it. */
  function loadHistory(table: SqlClient, early = createEarlyHistory(table)) {
    const platform = { db: table } as unknown as PlatformClient
    const address = {} as AddressHistory // the history load never reads the address
    const open = provideOpenConversation({ platform, address, earlyHistory: early })
    const logic = open.implementations.actors['load history'] as AnyActorLogic
    return {
      early,
      run: (conversationId: string | null) =>
        toPromise(createActor(logic, { input: { userId: 'u1', conversationId } }).start()),
    }
  }

  test('takes the read asked for at sign-in instead of asking again', async () => {
    const { table, list } = messagesTable([message('m1', 'early')], [message('m2', 'fresh')])
    const { early, run } = loadHistory(table)
    early.start('u1', 'conv_1')
    expect(await run('conv_1')).toEqual(page(message('m1', 'early')))
    expect(list).toHaveBeenCalledTimes(1)
    // The next load of the same conversation reads afresh.
    expect(await run('conv_1')).toEqual(page(message('m2', 'fresh')))
    expect(list).toHaveBeenCalledTimes(2)
  })

  test('reads again when the early read failed', async () => {
    const { table, list } = messagesTable(new Error('offline'), [message('m2', 'fresh')])
    const { early, run } = loadHistory(table)
    early.start('u1', 'conv_1')
    expect(await run('conv_1')).toEqual(page(message('m2', 'fresh')))
    expect(list).toHaveBeenNthCalledWith(2, ...HISTORY_QUERY('conv_1'))
  })

  test('reads its own conversation when the early read was for another; a new chat reads nothing', async () => {
    const { table, list } = messagesTable([message('m1', 'linked')], [message('m3', 'other')])
    const { early, run } = loadHistory(table)
    early.start('u1', 'conv_1')
    expect(await run('conv_2')).toEqual(page(message('m3', 'other')))
    expect(list).toHaveBeenLastCalledWith(...HISTORY_QUERY('conv_2'))
    expect(await run(null)).toEqual(page())
    expect(list).toHaveBeenCalledTimes(2)
  })
})
