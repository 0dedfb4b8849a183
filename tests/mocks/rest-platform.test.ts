import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { appSchema } from '../../db/index'
import { seededModels } from '../../db/seed'
import { migrate } from '../../mocks/platform/store/migrate'
import { createTestPlatform, TEST_ORIGIN, type TestPlatform } from '../support/test-platform'

// The PostgREST-style table API of the mock platform, over its fetch handler.
let platform: TestPlatform
let alice: { token: string; id: string }
let bob: { token: string; id: string }

const REST = `${TEST_ORIGIN}/api/db/prompt-chat/rest/v1`
const call = (
  who: { token: string } | null,
  path: string,
  init: { method?: string; body?: unknown; prefer?: string; rawBody?: string } = {},
) =>
  platform.platform.fetch(
    new Request(`${REST}/${path}`, {
      method: init.method ?? 'GET',
      headers: {
        'Content-Type': 'application/json',
        ...(who ? { Authorization: `Bearer ${who.token}` } : {}),
        ...(init.prefer ? { Prefer: init.prefer } : {}),
      },
      body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    }),
  )
const json = async (res: Response) => res.json() as Promise<Array<Record<string, unknown>>>

async function user(email: string) {
  const tokens = await platform.signUp(email)
  const res = await platform.platform.fetch(
    new Request(`${TEST_ORIGIN}/api/auth/me`, {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    }),
  )
  return {
    token: tokens.access_token,
    id: ((await res.json()) as { user: { id: string } }).user.id,
  }
}

const prompt = (userId: string, title: string, extra: Record<string, unknown> = {}) => ({
  user_id: userId,
  title,
  content: `${title} content`,
  type: 'user',
  ...extra,
})

beforeAll(async () => {
  platform = await createTestPlatform()
  alice = await user('alice@example.com')
  bob = await user('bob@example.com')
  const created = await call(alice, 'prompts', {
    method: 'POST',
    prefer: 'return=representation',
    body: [
      prompt(alice.id, 'Alpha', { created_at: '2026-03-01T00:00:00Z', is_public: '1' }),
      prompt(alice.id, 'Beta, with comma', { created_at: '2026-03-02T00:00:00Z' }),
      prompt(alice.id, 'Gamma', { created_at: '2026-03-03T00:00:00Z', type: 'system' }),
    ],
  })
  expect(created.status).toBe(201)
})
afterAll(() => platform.close())

const titles = async (res: Response) => (await json(res)).map((row) => row.title)
const mine = (filter: string) => `prompts?user_id=eq.${alice.id}&order=created_at.asc&${filter}`

describe('reading', () => {
  test.each([
    ['title=eq.Alpha', ['Alpha']],
    ['title=neq.Alpha', ['Beta, with comma', 'Gamma']],
    ['title=not.Alpha', ['Beta, with comma', 'Gamma']],
    ['title=not.eq.Alpha', ['Beta, with comma', 'Gamma']],
    ['created_at=gt.2026-03-01T00:00:00Z', ['Beta, with comma', 'Gamma']],
    ['created_at=gte.2026-03-02T00:00:00Z', ['Beta, with comma', 'Gamma']],
    ['created_at=lt.2026-03-02T00:00:00Z', ['Alpha']],
    ['created_at=lte.2026-03-02T00:00:00Z', ['Alpha', 'Beta, with comma']],
    ['title=like.*amm*', ['Gamma']],
    ['title=ilike.BETA*', ['Beta, with comma']],
    ['title=in.(Alpha,"Beta, with comma")', ['Alpha', 'Beta, with comma']],
    ['title=not.in.(Alpha,Gamma)', ['Beta, with comma']],
    ['title=not_in.(Alpha,Gamma)', ['Beta, with comma']],
    ['title=in.()', []],
    ['is_public=eq.1', ['Alpha']],
    ['is_public=eq.1&type=eq.system', []],
    ['updated_at=is.null', []],
    ['updated_at=not.is.null', ['Alpha', 'Beta, with comma', 'Gamma']],
  ])('%s', async (filter, expected) => {
    expect(await titles(await call(alice, mine(filter)))).toEqual(expected)
  })

  test('percent-encoded operands are decoded once', async () => {
    const encoded = `title=in.(${encodeURIComponent('"Beta, with comma"')})`
    expect(await titles(await call(alice, mine(encoded)))).toEqual(['Beta, with comma'])
  })

  test('select, order over several columns, limit and offset', async () => {
    const res = await call(
      alice,
      `prompts?user_id=eq.${alice.id}&select=title,type&order=type.desc,created_at.desc&limit=2&offset=1`,
    )
    expect(await json(res)).toEqual([
      { title: 'Alpha', type: 'user' },
      { title: 'Gamma', type: 'system' },
    ])
    expect(res.headers.get('content-range')).toBe('1-2/*')
  })

  test('Prefer: count=exact puts the total in Content-Range', async () => {
    const res = await call(alice, `prompts?user_id=eq.${alice.id}&limit=1`, {
      prefer: 'count=exact',
    })
    expect(res.headers.get('content-range')).toBe('0-0/3')
    const none = await call(alice, `prompts?user_id=eq.nobody`, { prefer: 'count=exact' })
    expect(none.headers.get('content-range')).toBe('*/0')
  })

  test('HEAD answers the count headers of a GET without a body, as PostgREST does', async () => {
    const head = (path: string, prefer?: string) =>
      call(alice, path, { method: 'HEAD', ...(prefer ? { prefer } : {}) })
    const all = await head(`prompts?user_id=eq.${alice.id}`, 'count=exact')
    expect(all.status).toBe(200)
    expect(all.headers.get('content-range')).toBe('0-2/3')
    expect(await all.text()).toBe('')
    const page = await head(`prompts?user_id=eq.${alice.id}&limit=1&offset=1`, 'count=exact')
    expect(page.headers.get('content-range')).toBe('1-1/3')
    const beyond = await head(`prompts?user_id=eq.${alice.id}&offset=5`, 'count=exact')
    expect(beyond.headers.get('content-range')).toBe('*/3')
    const filtered = await head(`prompts?user_id=eq.${alice.id}&title=like.*amm*`, 'count=exact')
    expect(filtered.headers.get('content-range')).toBe('0-0/1')
    // Without a count, the range of the rows a GET would send.
    const uncounted = await head(`prompts?user_id=eq.${alice.id}&limit=2`)
    expect(uncounted.headers.get('content-range')).toBe('0-1/*')
    expect(await uncounted.text()).toBe('')
    // Row-level security counts only what the caller may see; errors keep their status.
    const other = await call(bob, `prompts?user_id=eq.${alice.id}&is_public=eq.0`, {
      method: 'HEAD',
      prefer: 'count=exact',
    })
    expect(other.headers.get('content-range')).toBe('*/0')
    expect((await head('no_such_table', 'count=exact')).status).toBe(404)
    expect((await head('prompts?title=between.1', 'count=exact')).status).toBe(400)
  })

  test("a cursor may also be the last row's id, as the hosted SDK passes it", async () => {
    const base = `prompts?user_id=eq.${alice.id}&order=created_at.asc&limit=1`
    const [first] = await json(await call(alice, base))
    const next = await json(await call(alice, `${base}&cursor=${first!.id}`))
    expect(next.map((row) => row.title)).toEqual(['Beta, with comma'])
    // An id the caller cannot see, or no id at all, is the cursor error, not an empty page.
    for (const cursor of ['no-such-row', 'Zm9v']) {
      const res = await call(alice, `${base}&cursor=${cursor}`)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'PGRST100' })
    }
    // Alpha is public, Beta is not: bob may page from the one but not from the other.
    const visible = await call(bob, `prompts?order=created_at.asc&limit=1&cursor=${first!.id}`)
    expect(visible.status).toBe(200)
    const hidden = await call(bob, `prompts?order=created_at.asc&limit=1&cursor=${next[0]!.id}`)
    expect(hidden.status).toBe(400)
  })

  test('the seeded models are readable, even before sign-in', async () => {
    const models = await json(await call(null, 'ai_models?order=id.asc'))
    expect(models.map((m) => m.id)).toEqual(seededModels.map((m) => m.id).sort())
  })
})

describe('writing', () => {
  test('insert without an id gets a random 32-hex id; return=minimal sends no body', async () => {
    const res = await call(alice, 'quick_prompts', {
      method: 'POST',
      prefer: 'return=representation',
      body: { user_id: alice.id, prompt_id: 'p1' },
    })
    const [row] = await json(res)
    expect(row!.id).toMatch(/^[0-9a-f]{32}$/)
    const minimal = await call(alice, 'quick_prompts', {
      method: 'POST',
      body: { user_id: alice.id, prompt_id: 'p2' },
    })
    expect(minimal.status).toBe(201)
    expect(await minimal.text()).toBe('')
  })

  test('upsert on a conflict column merges, with Prefer values split by a space', async () => {
    const key = (value: string) => ({
      user_id: alice.id,
      provider: 'google',
      api_key_encrypted: value,
    })
    const prefer = 'return=representation resolution=merge-duplicates'
    const first = await json(
      await call(alice, 'user_api_keys?on_conflict=user_id,provider', {
        method: 'POST',
        prefer,
        body: key('Zmlyc3Q='),
      }),
    )
    const second = await json(
      await call(alice, 'user_api_keys?on_conflict=user_id,provider', {
        method: 'POST',
        prefer,
        body: key('c2Vjb25k'),
      }),
    )
    expect(second[0]!.id).toBe(first[0]!.id)
    expect(second[0]!.api_key_encrypted).toBe('c2Vjb25k')
  })

  test('API keys are encrypted at rest and read back as written', async () => {
    await call(alice, 'user_api_keys', {
      method: 'POST',
      body: { user_id: alice.id, provider: 'anthropic', api_key_encrypted: 'c2stYW50LXNlY3JldA==' },
    })
    const { rows } = await platform.store.asOwner((tx) =>
      tx.query<{ api_key_encrypted: string }>(
        `select api_key_encrypted from user_api_keys where provider = 'anthropic'`,
      ),
    )
    expect(rows[0]!.api_key_encrypted).toMatch(/^aescbc-hmac:v3:[0-9a-f]{32}:[0-9a-f]{64}:/)
    expect(rows[0]!.api_key_encrypted).not.toContain('c2stYW50LXNlY3JldA')
    const [read] = await json(await call(alice, 'user_api_keys?provider=eq.anthropic'))
    expect(read!.api_key_encrypted).toBe('c2stYW50LXNlY3JldA==')
  })

  test('update and delete by filter return the representation; updated_at is stamped', async () => {
    const [created] = await json(
      await call(alice, 'prompts', {
        method: 'POST',
        prefer: 'return=representation',
        // An old stamp, so the change's stamp differs even within one millisecond.
        body: prompt(alice.id, 'Temp', { updated_at: '2026-03-01T00:00:00Z' }),
      }),
    )
    const [updated] = await json(
      await call(alice, `prompts?id=eq.${created!.id}`, {
        method: 'PATCH',
        prefer: 'return=representation',
        body: { title: 'Temp 2' },
      }),
    )
    expect(updated).toMatchObject({ title: 'Temp 2' })
    expect(updated!.updated_at).not.toBe(created!.updated_at)
    const deleted = await call(alice, `prompts?id=eq.${created!.id}`, {
      method: 'DELETE',
      prefer: 'return=representation',
    })
    expect(await titles(deleted)).toEqual(['Temp 2'])
    expect(await json(await call(alice, `prompts?id=eq.${created!.id}`))).toEqual([])
  })
})

describe('row-level security under the caller role', () => {
  test("bob sees alice's public prompt but not her private ones, and cannot change it", async () => {
    const seen = await titles(
      await call(bob, `prompts?user_id=eq.${alice.id}&order=created_at.asc`),
    )
    expect(seen).toEqual(['Alpha'])
    const patched = await call(bob, `prompts?user_id=eq.${alice.id}`, {
      method: 'PATCH',
      prefer: 'return=representation',
      body: { title: 'Defaced' },
    })
    expect(await json(patched)).toEqual([])
    const deleted = await call(bob, `prompts?user_id=eq.${alice.id}`, {
      method: 'DELETE',
      prefer: 'return=representation',
    })
    expect(await json(deleted)).toEqual([])
    expect(await titles(await call(alice, mine('select=title')))).toHaveLength(3)
  })

  test('rows cannot be given away: moving a row to another user is refused', async () => {
    const res = await call(alice, `prompts?user_id=eq.${alice.id}&title=eq.Gamma`, {
      method: 'PATCH',
      body: { user_id: bob.id },
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ code: '42501' })
  })

  test('ratings are readable by everyone and writable only as oneself', async () => {
    const ok = await call(bob, 'prompt_ratings', {
      method: 'POST',
      body: { prompt_id: 'prompt_community_socratic_tutor', user_id: bob.id, rating: '5' },
    })
    expect(ok.status).toBe(201)
    const forged = await call(bob, 'prompt_ratings', {
      method: 'POST',
      body: { prompt_id: 'prompt_community_socratic_tutor', user_id: alice.id, rating: '1' },
    })
    expect(forged.status).toBe(403)
    const seen = await json(
      await call(alice, 'prompt_ratings?prompt_id=eq.prompt_community_socratic_tutor'),
    )
    expect(seen.map((r) => r.rating)).toEqual(['5'])
  })

  test('anonymous callers are refused user data with a 401', async () => {
    for (const table of ['prompts', 'chat_messages', 'user_api_keys', 'quick_prompts']) {
      const res = await call(null, table)
      expect(res.status, table).toBe(401)
      expect(await res.json()).toMatchObject({ code: '42501' })
    }
    expect(
      (await call(null, 'prompts', { method: 'POST', body: prompt('x', 'Anon') })).status,
    ).toBe(401)
  })
})

describe('bad input gets a PostgREST-shaped 4xx', () => {
  test.each([
    ['an unknown table', 'secrets', {}, 404, 'PGRST205'],
    ['an internal table', 'auth_users', {}, 404, 'PGRST205'],
    ['an unknown filter column', 'prompts?nope=eq.1', {}, 400, '42703'],
    ['an unknown select column', 'prompts?select=title,nope', {}, 400, '42703'],
    ['an unknown operator', 'prompts?title=between.1', {}, 400, 'PGRST100'],
    ['a filter without a value', 'prompts?title=eq', {}, 400, 'PGRST100'],
    ['an unclosed list', 'prompts?title=in.(a,b', {}, 400, 'PGRST100'],
    ['a bad is value', 'prompts?title=is.maybe', {}, 400, 'PGRST100'],
    ['a bad order', 'prompts?order=title.sideways', {}, 400, 'PGRST100'],
    ['a negative limit', 'prompts?limit=-1', {}, 400, 'PGRST100'],
    ['a value of the wrong type', 'prompts?created_at=eq.not-a-date', {}, 400, '22007'],
    ['malformed JSON', 'prompts', { method: 'POST', rawBody: '{"title":' }, 400, 'PGRST102'],
    ['an empty array', 'prompts', { method: 'POST', body: [] }, 400, 'PGRST102'],
    ['an unknown body column', 'prompts', { method: 'POST', body: { nope: 1 } }, 400, 'PGRST204'],
    [
      'a check violation',
      'prompts',
      { method: 'POST', body: { title: 't', content: 'c', type: 'weird', user_id: 'ALICE' } },
      400,
      '23514',
    ],
    [
      'a missing required field',
      'prompts',
      { method: 'POST', body: { type: 'user', user_id: 'ALICE' } },
      400,
      '23502',
    ],
    ['an unsupported method', 'prompts', { method: 'PUT', body: {} }, 405, 'PGRST117'],
  ] as const)('%s', async (_, path, init, status, code) => {
    const withAlice = JSON.parse(JSON.stringify(init).replace('ALICE', alice.id))
    const res = await call(alice, path, withAlice)
    expect(res.status).toBe(status)
    const body = await res.json()
    expect(body).toMatchObject({ code, message: expect.any(String) })
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message'])
  })

  test('a duplicate key is a 409', async () => {
    const body = { id: 'dup-id', user_id: alice.id, prompt_id: 'p' }
    await call(alice, 'quick_prompts', { method: 'POST', body })
    const res = await call(alice, 'quick_prompts', { method: 'POST', body })
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({ code: '23505' })
  })

  test('a forged token is a 401, and another project is a 404', async () => {
    const forged = await call({ token: 'a.b.c' }, 'prompts')
    expect(forged.status).toBe(401)
    expect(await forged.json()).toMatchObject({ code: 'PGRST301' })
    const other = await platform.platform.fetch(
      new Request(`${TEST_ORIGIN}/api/db/other/rest/v1/prompts`),
    )
    expect(other.status).toBe(404)
  })

  test('an oversized body is a 413 and stores nothing', async () => {
    const res = await call(alice, 'prompts', {
      method: 'POST',
      body: prompt(alice.id, 'Huge', { content: 'x'.repeat(1_100_000) }),
    })
    expect(res.status).toBe(413)
    expect(await json(await call(alice, mine('title=eq.Huge')))).toEqual([])
  })
})

test('migrations are idempotent: a second run applies nothing and keeps the data', async () => {
  expect(await migrate(platform.store, appSchema)).toEqual([])
  expect(await titles(await call(alice, mine('select=title')))).toHaveLength(3)
})

test('a caller whose e-mail holds a quote still gets their own rows (claims are quoted safely)', async () => {
  const quoted = await user("o'brien@example.com")
  const created = await call(quoted, 'quick_prompts', {
    method: 'POST',
    prefer: 'return=representation',
    body: { user_id: quoted.id, prompt_id: "p'1" },
  })
  expect(created.status).toBe(201)
  expect(await json(await call(quoted, 'quick_prompts?select=prompt_id'))).toEqual([
    { prompt_id: "p'1" },
  ])
})
