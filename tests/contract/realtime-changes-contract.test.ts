import { expect, test } from 'vitest'
import { changeSocket, sqlCaller, until } from '../support/change-sockets'
import { describeOnEveryBackend } from '../support/contract-backends'

// The change feed under row-level security (issue 30; docs/wire-contract.md, "Changes"): a
// change reaches a subscriber only if that subscriber may read the row, whatever the filter.

const insertPrompt = `insert into prompts (user_id, title, content, type, is_public)
  values (auth_uid(), $1, $2, 'user', $3) returning id`

describeOnEveryBackend('the change feed', (backend) => {
  const url = () => backend.server().url
  const user = async (email: string) => {
    const { tokens, userId } = await backend.signedIn(email)
    return { token: tokens.access_token, userId, db: sqlCaller(url(), tokens.access_token) }
  }

  test('B never sees A’s private rows, whatever the filter; public ones reach every reader', async () => {
    const a = await user(`a-${Math.random()}@example.com`)
    const b = await user(`b-${Math.random()}@example.com`)
    const aSocket = await changeSocket(url(), a.token)
    const bSockets = await Promise.all([1, 2, 3].map(() => changeSocket(url(), b.token)))
    const anon = await changeSocket(url())
    expect((await aSocket.subscribe('prompts')).type).toBe('changes.subscribed')
    for (const [socket, filter] of bSockets.map(
      (s, i) => [s, [undefined, `user_id=eq.${a.userId}`, 'is_public=eq.1'][i]] as const,
    )) {
      expect((await socket.subscribe('prompts', filter)).type).toBe('changes.subscribed')
    }
    // Prompts are not readable by anon at all (their policy is for authenticated only), so an
    // anonymous socket is refused rather than silently hearing nothing.
    expect((await anon.subscribe('prompts')).payload.error).toMatch(/permission denied/)
    const c = await user(`c-${Math.random()}@example.com`)
    const other = await changeSocket(url(), c.token)
    await other.subscribe('prompts', `user_id=in.(${a.userId},x)`)

    const [hidden] = await a.db.sql(insertPrompt, ['private', 'private words', '0'])
    const [shown] = await a.db.sql(insertPrompt, ['public', 'public words', '1'])
    // Deliveries read the live row: wait, so the insert is checked before the row goes private.
    for (const s of [other, ...bSockets])
      await until('the public insert', () => s.changes().length === 1)
    await a.db.sql(`update prompts set is_public = '0', content = 'now secret' where id = $1`, [
      shown!.id,
    ])
    await a.db.sql('update prompts set content = $2 where id = $1', [hidden!.id, 'more secret'])
    await a.db.sql('delete from prompts where id = $1', [hidden!.id])
    await a.db.sql('delete from prompts where id = $1', [shown!.id])
    const [marker] = await a.db.sql(insertPrompt, ['marker', 'the end', '1'])

    const heardMarker = (s: typeof anon) =>
      s.changes().some((change) => (change.row as { id?: string })?.id === marker!.id)
    for (const s of [aSocket, other, ...bSockets]) await until('the marker', () => heardMarker(s))

    // A hears every change of theirs, each as the row is when checked (an update of a row
    // deleted meanwhile is already a delete), ending with both rows gone.
    const ofRow = (id: unknown) =>
      aSocket
        .changes()
        .filter((c) => (c.row ?? c.old) && ((c.row ?? c.old) as { id: unknown }).id === id)
    expect(ofRow(hidden!.id)).toHaveLength(3)
    expect(ofRow(shown!.id)).toHaveLength(3)
    expect(ofRow(hidden!.id).at(-1)?.op).toBe('DELETE')
    expect(ofRow(shown!.id).at(-1)?.op).toBe('DELETE')
    expect(anon.changes()).toEqual([])
    for (const s of [other, ...bSockets]) {
      const text = JSON.stringify(s.frames)
      expect(text).not.toContain(hidden!.id as string)
      expect(text).not.toContain('secret')
      // The public prompt's insert, then its leaving the view (a delete with its key only),
      // nothing of its private life, not its real delete either; then the marker.
      expect(s.changes().map((c) => [c.op, c.row ?? c.old])).toEqual([
        ['INSERT', expect.objectContaining({ id: shown!.id, content: 'public words' })],
        ['DELETE', { id: shown!.id }],
        ['INSERT', expect.objectContaining({ id: marker!.id })],
      ])
    }
    for (const s of [aSocket, anon, other, ...bSockets]) s.ws.close()
  })

  test('changes made through REST, /sql and /batch are all delivered', async () => {
    const a = await user(`writer-${Math.random()}@example.com`)
    const socket = await changeSocket(url(), a.token)
    await socket.subscribe('prompts', `user_id=eq.${a.userId}`)
    await a.db.rest('prompts', { user_id: a.userId, title: 'rest', content: 'r', type: 'user' })
    await a.db.sql(insertPrompt, ['sql', 's', '0'])
    await a.db.batch([{ query: insertPrompt, params: ['batch', 'b', '0'] }])
    await until('three inserts', () => socket.changes().length === 3)
    expect(socket.changes().map((c) => (c.row as { title: string }).title)).toEqual([
      'rest',
      'sql',
      'batch',
    ])
    socket.ws.close()
  })

  test('changes committed together are checked together: each reader gets what it may read, in commit order', async () => {
    const a = await user(`together-${Math.random()}@example.com`)
    const b = await user(`reader-${Math.random()}@example.com`)
    const mine = await changeSocket(url(), a.token)
    const theirs = await changeSocket(url(), b.token)
    await mine.subscribe('prompts')
    await mine.subscribe('conversations')
    await theirs.subscribe('prompts')
    await theirs.subscribe('conversations')
    const [twice] = await a.db.sql(insertPrompt, ['changed twice', 'shown', '1'])
    await until('the public prompt', () => theirs.changes().length === 1)
    const conversation = crypto.randomUUID()
    // One transaction: its changes are notified at its commit, together, so the feed checks
    // them as one batch. `twice` changes twice in it: its first old row (public) and its
    // second (private) are put back in turn.
    await a.db.batch([
      { query: insertPrompt, params: ['stays public', 'p', '1'] },
      {
        query: `update prompts set is_public = '0', content = 'secret' where id = $1`,
        params: [twice!.id],
      },
      {
        query: `insert into conversations (id, user_id, title) values ($1, auth_uid(), 'Plans')`,
        params: [conversation],
      },
      { query: `update prompts set content = 'more secret' where id = $1`, params: [twice!.id] },
      { query: insertPrompt, params: ['private', 'hidden', '0'] },
    ])
    const brief = (c: Record<string, unknown>) => {
      const row = (c.row ?? c.old) as { title?: string; content?: string; id: string }
      return [c.table, c.op, row.title ?? row.id, row.content]
    }
    await until('the whole transaction', () => mine.changes().length === 6)
    expect(mine.changes().map(brief)).toEqual([
      ['prompts', 'INSERT', 'changed twice', 'shown'],
      ['prompts', 'INSERT', 'stays public', 'p'],
      // Each as the row is when checked: after the commit, so with the last content.
      ['prompts', 'UPDATE', 'changed twice', 'more secret'],
      ['conversations', 'INSERT', 'Plans', undefined],
      ['prompts', 'UPDATE', 'changed twice', 'more secret'],
      ['prompts', 'INSERT', 'private', 'hidden'],
    ])
    const [marker] = await a.db.sql(insertPrompt, ['marker', 'the end', '1'])
    await until('the marker', () =>
      theirs.changes().some((c) => (c.row as { id?: string })?.id === marker!.id),
    )
    // B: the public insert, the prompt leaving its view once (the first update; the second
    // changed a row B could not read), nothing private and none of A's conversations.
    expect(theirs.changes().map(brief)).toEqual([
      ['prompts', 'INSERT', 'changed twice', 'shown'],
      ['prompts', 'INSERT', 'stays public', 'p'],
      ['prompts', 'DELETE', twice!.id, undefined],
      ['prompts', 'INSERT', 'marker', 'the end'],
    ])
    expect(JSON.stringify(theirs.frames)).not.toContain('secret')
    mine.ws.close()
    theirs.ws.close()
  })

  test('a bulk write far beyond what the feed can check in time tells subscribers to reload, and it keeps up after', async () => {
    const a = await user(`bulk-${Math.random()}@example.com`)
    const b = await user(`bystander-${Math.random()}@example.com`)
    const socket = await changeSocket(url(), a.token)
    const other = await changeSocket(url(), b.token)
    await socket.subscribe('prompts', `user_id=eq.${a.userId}`)
    await other.subscribe('prompts')
    // One statement, 800 rows: more changes waiting at once than the feed takes on.
    await a.db.sql(
      `insert into prompts (user_id, title, content, type)
       select auth_uid(), 'bulk ' || n, 'c', 'user' from generate_series(1, 800) n`,
    )
    await until('the reload', () => socket.ofType('changes.reload').length > 0)
    await until("the other user's reload", () => other.ofType('changes.reload').length > 0)
    // Given up on, not sent one by one.
    expect(socket.changes().length).toBeLessThan(800)
    await a.db.sql(insertPrompt, ['after the burst', 'c', '0'])
    await until('the next change', () =>
      socket.changes().some((c) => (c.row as { title: string }).title === 'after the burst'),
    )
    expect(other.changes().filter((c) => c.table === 'prompts' && c.row)).toEqual([])
    socket.ws.close()
    other.ws.close()
  })

  test('a client back from a disconnect catches up from its last id, or is told to reload', async () => {
    const a = await user(`away-${Math.random()}@example.com`)
    const first = await changeSocket(url(), a.token)
    const subscribed = await first.subscribe('prompts', `user_id=eq.${a.userId}`)
    const since = subscribed.payload.lastId as number
    first.ws.close()
    const [p] = await a.db.sql(insertPrompt, ['one', '1', '0'])
    await a.db.sql(`update prompts set title = 'two' where id = $1`, [p!.id])
    await a.db.sql(insertPrompt, ['three', '3', '0'])

    const back = await changeSocket(url(), a.token)
    await back.subscribe('prompts', `user_id=eq.${a.userId}`, since)
    await until('the three changes', () => back.changes().length === 3)
    expect(back.changes().map((c) => c.op)).toEqual(['INSERT', 'UPDATE', 'INSERT'])
    // The row as it is now: the insert already reads 'two'.
    expect(back.changes().map((c) => (c.row as { title: string }).title)).toEqual([
      'two',
      'two',
      'three',
    ])

    await backend
      .server()
      .store.asOwner((tx) => tx.query(`select realtime_prune_changes(0, interval '0 seconds')`))
    const late = await changeSocket(url(), a.token)
    await late.subscribe('prompts', undefined, since)
    await until('the reload', () => late.ofType('changes.reload').length === 1)
    expect(late.changes()).toEqual([])
    for (const s of [back, late]) s.ws.close()
  })

  test('API key changes never carry the sealed key; bad subscriptions are refused', async () => {
    const a = await user(`keys-${Math.random()}@example.com`)
    const socket = await changeSocket(url(), a.token)
    await socket.subscribe('user_api_keys')
    const [key] = await a.db.sql(
      `insert into user_api_keys (id, user_id, provider, api_key_encrypted)
       values ('k1', auth_uid(), 'openai', 'sk-very-secret') returning id`,
    )
    await a.db.sql(`update user_api_keys set api_key_encrypted = 'sk-other-secret' where id = $1`, [
      key!.id,
    ])
    await a.db.sql('delete from user_api_keys where id = $1', [key!.id])
    await until('three changes', () => socket.changes().length === 3)
    const text = JSON.stringify(socket.frames)
    expect(text).not.toContain('api_key_encrypted')
    expect(text).not.toContain('aescbc')
    expect(text).not.toContain('secret')
    expect(socket.changes()[2]).toMatchObject({
      op: 'DELETE',
      old: { id: 'k1', user_id: a.userId },
    })

    for (const [table, filter] of [
      ['realtime_changes', undefined],
      ['nope', undefined],
      ['prompts', 'user_id=neq.x'],
      ['prompts', 'nope=eq.x'],
      ['user_api_keys', 'api_key_encrypted=eq.x'],
    ] as const) {
      expect((await socket.subscribe(table, filter)).type).toBe('error')
    }
    socket.ws.close()
  })
})
