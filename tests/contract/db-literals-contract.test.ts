import { expect, test } from 'vitest'
import { describeOnEveryBackend } from '../support/contract-backends'

// The table API sends its own statements with the role switch as one message, values quoted as
// SQL literals. Hostile values must round-trip as plain data, a failure must roll back the whole
// request, and concurrent callers must never see each other's role or rows.
const HOSTILE = [
  "it's",
  "'; delete from quick_prompts; --",
  "\\'; select 1; --",
  'back\\slash\\',
  '$$ dollar $$ $tag$',
  "E'\\x00'",
  '"double" and `tick`',
  'ünïcödé ✓ 🙂',
  '%_*',
  '',
]

describeOnEveryBackend('table API values are data, never SQL', ({ server, signedIn }) => {
  const rest = (path: string) => `${server().url}/api/db/prompt-chat/rest/v1/${path}`
  const headersOf = (token: string, prefer?: string) => ({
    Authorization: `Bearer ${token}`,
    'Content-Type': 'application/json',
    ...(prefer ? { Prefer: prefer } : {}),
  })

  test('quotes, backslashes, semicolons and dollars round-trip exactly, in writes and filters', async () => {
    const { userId, tokens } = await signedIn('literals@example.com')
    const headers = headersOf(tokens.access_token, 'return=representation')
    const created = await fetch(rest('quick_prompts'), {
      method: 'POST',
      headers,
      body: JSON.stringify(HOSTILE.map((value) => ({ user_id: userId, prompt_id: value }))),
    })
    expect(created.status).toBe(201)
    expect(
      ((await created.json()) as Array<{ prompt_id: string }>).map((r) => r.prompt_id),
    ).toEqual(HOSTILE)
    for (const value of HOSTILE) {
      const res = await fetch(
        rest(`quick_prompts?select=prompt_id&prompt_id=eq.${encodeURIComponent(value)}`),
        { headers },
      )
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual([{ prompt_id: value }])
    }
    const listed = await fetch(
      rest(
        `quick_prompts?select=prompt_id&prompt_id=in.(${encodeURIComponent(`"it's","back\\\\slash\\\\"`)})&order=prompt_id.asc`,
      ),
      { headers },
    )
    expect(await listed.json()).toEqual([{ prompt_id: 'back\\slash\\' }, { prompt_id: "it's" }])
    const patched = await fetch(rest(`quick_prompts?prompt_id=eq.${encodeURIComponent("it's")}`), {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ prompt_id: "'); drop table x; --" }),
    })
    expect(await patched.json()).toMatchObject([{ prompt_id: "'); drop table x; --" }])
    const all = await fetch(rest('quick_prompts?select=prompt_id'), { headers })
    expect((await all.json()) as unknown[]).toHaveLength(HOSTILE.length)
  })

  test('a NUL in a value is a 400 and stores nothing', async () => {
    const { userId, tokens } = await signedIn('nul@example.com')
    const headers = headersOf(tokens.access_token)
    const res = await fetch(rest('quick_prompts'), {
      method: 'POST',
      headers,
      body: JSON.stringify([
        { user_id: userId, prompt_id: 'fine' },
        { user_id: userId, prompt_id: 'a\u0000b' },
      ]),
    })
    expect(res.status).toBe(400)
    const filtered = await fetch(rest('quick_prompts?prompt_id=eq.a%00b'), { headers })
    expect(filtered.status).toBe(400)
    expect(await (await fetch(rest('quick_prompts'), { headers })).json()).toEqual([])
  })

  test('a request that fails part-way changes nothing, and the next request is unaffected', async () => {
    const { userId, tokens } = await signedIn('atomic@example.com')
    const headers = headersOf(tokens.access_token)
    // The second row is refused by row-level security (another owner): the first is rolled back.
    const res = await fetch(rest('quick_prompts'), {
      method: 'POST',
      headers,
      body: JSON.stringify([
        { user_id: userId, prompt_id: 'first' },
        { user_id: 'someone_else', prompt_id: 'second' },
      ]),
    })
    expect(res.status).toBe(403)
    const after = await fetch(rest('quick_prompts'), { headers })
    expect(after.status).toBe(200)
    expect(await after.json()).toEqual([])
  })

  test('concurrent callers never see each other’s rows or role', async () => {
    const users = await Promise.all(
      ['one', 'two', 'three'].map((name) => signedIn(`concurrent-${name}@example.com`)),
    )
    await Promise.all(
      users.map(({ userId, tokens }) =>
        fetch(rest('quick_prompts'), {
          method: 'POST',
          headers: headersOf(tokens.access_token),
          body: JSON.stringify({ user_id: userId, prompt_id: `own-${userId}` }),
        }),
      ),
    )
    const calls = Array.from({ length: 60 }, async (_, i) => {
      const { userId, tokens } = users[i % users.length]!
      if (i % 4 === 3) {
        const anon = await fetch(rest('quick_prompts'), {
          headers: { 'Content-Type': 'application/json' },
        })
        expect(anon.status).toBe(401)
        return
      }
      const res = await fetch(rest('quick_prompts?select=user_id,prompt_id'), {
        headers: headersOf(tokens.access_token),
      })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual([{ user_id: userId, prompt_id: `own-${userId}` }])
    })
    await Promise.all(calls)
  })
})
