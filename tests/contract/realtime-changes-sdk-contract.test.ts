import { expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { createPlatformClient } from '../../src/platform/index'
import type { WebSocketConstructor } from '../../src/platform/platform-context'
import type { TableChange } from '../../src/platform/realtime/realtime-client'
import { sqlCaller, until } from '../support/change-sockets'
import { describeOnEveryBackend } from '../support/contract-backends'

// The SDK's `realtime.changes`: after its socket drops, it reconnects and catches up from the
// last change id it saw (docs/wire-contract.md, "Changes").

describeOnEveryBackend('the SDK’s change feed', (backend) => {
  test('a client disconnected during three changes ends with all three', async () => {
    const { tokens, userId } = await backend.signedIn(`sdk-${Math.random()}@example.com`)
    const sockets: WebSocket[] = []
    class Recorded extends WebSocket {
      constructor(url: string) {
        super(url)
        sockets.push(this)
      }
    }
    const storage = new Map<string, string>()
    const client = createPlatformClient({
      projectId: 'prompt-chat',
      authUrl: backend.server().url,
      coreUrl: backend.server().url,
      storage: {
        getItem: (k) => storage.get(k) ?? null,
        setItem: (k, v) => void storage.set(k, v),
        removeItem: (k) => void storage.delete(k),
      },
      WebSocket: Recorded as unknown as WebSocketConstructor,
    })
    client.auth.setTokens(tokens)
    const heard: TableChange[] = []
    const stop = client.realtime.changes('prompts', {
      filter: `user_id=eq.${userId}`,
      onChange: (change) => heard.push(change),
      random: () => 0,
    })
    const db = sqlCaller(backend.server().url, tokens.access_token)
    const insert = `insert into prompts (user_id, title, content, type)
      values (auth_uid(), $1, 'c', 'user') returning id`
    await until('the socket', () => sockets[0]?.readyState === WebSocket.OPEN)
    await new Promise((resolve) => setTimeout(resolve, 200))
    await db.sql(insert, ['before'])
    await until('the first change', () => heard.length === 1)

    // Dropped (as a network would), three changes meanwhile, then the SDK's own reconnect.
    sockets[0]?.terminate()
    for (const title of ['one', 'two', 'three']) await db.sql(insert, [title])
    await until('the catch-up', () => heard.length === 4, 8000)
    expect(heard.map((c) => (c.row as { title: string }).title)).toEqual([
      'before',
      'one',
      'two',
      'three',
    ])
    expect(sockets.length).toBe(2)
    stop()
  })
})
