import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { createDbClient, whereToParams } from '../../../src/platform/db-client'
import { PlatformError, ValidationError } from '../../../src/platform/errors'
import { createHttpClient } from '../../../src/platform/http-client'
import { mswServer } from '../../support/msw-server'

const CORE_URL = 'http://core.test'
const TABLE_URL = `${CORE_URL}/api/db/prompt-chat/rest/v1`

function db() {
  const httpClient = createHttpClient({
    authUrl: 'http://auth.test',
    coreUrl: CORE_URL,
    fetch: (input, init) => globalThis.fetch(input, init),
    getAccessToken: async () => 'tok-db',
  })
  return createDbClient(httpClient, 'prompt-chat')
}

interface Captured {
  method: string
  url: URL
  headers: Headers
  body: unknown
}

/** Answers requests to the database with `answer`, keeping what went out. */
function capture(
  answer: (request: Request) => Response | Promise<Response> = () => HttpResponse.json([]),
) {
  const seen: Captured[] = []
  mswServer.use(
    http.all(`${TABLE_URL}/*`, async ({ request }) => {
      const text = await request.clone().text()
      seen.push({
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
        body: text ? JSON.parse(text) : undefined,
      })
      return answer(request)
    }),
  )
  return seen
}

/** The query string as decoded pairs, in order. */
const pairs = (url: URL) => [...url.searchParams.entries()]

describe('list', () => {
  test('GET the snake_case table with select=* and camelCased rows back', async () => {
    const seen = capture(() => HttpResponse.json([{ id: '1', model_id: 'gpt-4o', is_public: '1' }]))
    const rows = await db().table('aiModels').list()
    expect(rows).toEqual([{ id: '1', modelId: 'gpt-4o', isPublic: '1' }])
    expect(seen[0]!.method).toBe('GET')
    expect(seen[0]!.url.pathname).toBe('/api/db/prompt-chat/rest/v1/ai_models')
    expect(pairs(seen[0]!.url)).toEqual([['select', '*']])
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer tok-db')
  })

  test('where, orderBy, limit, offset and select become PostgREST parameters', async () => {
    const seen = capture()
    await db()
      .table('chatMessages')
      .list({
        select: ['id', 'userId', 'createdAt'],
        where: { userId: 'u1', isPublic: true },
        orderBy: { createdAt: 'asc' },
        limit: 100,
        offset: 20,
      })
    expect(pairs(seen[0]!.url)).toEqual([
      ['select', 'id,user_id,created_at'],
      ['user_id', 'eq.u1'],
      ['is_public', 'eq.1'],
      ['order', 'created_at.asc'],
      ['limit', '100'],
      ['offset', '20'],
    ])
    expect(seen[0]!.url.pathname).toBe('/api/db/prompt-chat/rest/v1/chat_messages')
  })

  test('an array orderBy keeps its order', async () => {
    const seen = capture()
    await db()
      .table('prompts')
      .list({ orderBy: [{ isActive: 'desc' }, { createdAt: 'asc' }] })
    expect(seen[0]!.url.searchParams.get('order')).toBe('is_active.desc,created_at.asc')
  })

  test('values are URL-encoded on the wire', async () => {
    const seen = capture()
    await db()
      .table('prompts')
      .list({ where: { title: 'a&b=c d' } })
    expect(seen[0]!.url.search).toBe('?select=*&title=eq.a%26b%3Dc+d')
  })
})

describe('filter encoding', () => {
  test.each([
    [{ userId: 'u1' }, [['user_id', 'eq.u1']]],
    [{ n: 3 }, [['n', 'eq.3']]],
    [{ flag: true }, [['flag', 'eq.1']]],
    [{ flag: false }, [['flag', 'eq.0']]],
    [{ deletedAt: null }, [['deleted_at', 'is.null']]],
    [
      { createdAt: new Date('2024-01-02T03:04:05.000Z') },
      [['created_at', 'eq.2024-01-02T03:04:05.000Z']],
    ],
    [{ a: { eq: 'x' } }, [['a', 'eq.x']]],
    [{ a: { eq: null } }, [['a', 'is.null']]],
    [{ a: { neq: 'x' } }, [['a', 'neq.x']]],
    [{ a: { neq: false } }, [['a', 'neq.0']]],
    [{ a: { gt: 1 } }, [['a', 'gt.1']]],
    [{ a: { gte: 2 } }, [['a', 'gte.2']]],
    [{ a: { lt: 3 } }, [['a', 'lt.3']]],
    [{ a: { lte: 4 } }, [['a', 'lte.4']]],
    [{ title: { like: '%cat%' } }, [['title', 'like.%cat%']]],
    [{ title: { ilike: '%Cat%' } }, [['title', 'ilike.%Cat%']]],
    [{ a: { is: null } }, [['a', 'is.null']]],
    [{ a: { is: true } }, [['a', 'is.true']]],
    [{ a: { not: 'x' } }, [['a', 'not.eq.x']]],
    [{ a: { not: true } }, [['a', 'not.eq.1']]],
    [{ a: { not: null } }, [['a', 'not.is.null']]],
    [{ id: { in: ['a', 'b'] } }, [['id', 'in.(a,b)']]],
    [{ id: { in: [1, true, null] } }, [['id', 'in.(1,1,null)']]],
    [{ id: { not_in: ['a', 'b'] } }, [['id', 'not.in.(a,b)']]],
    [{ id: { in: [] } }, [['id', 'in.()']]],
    [
      { t: { in: ['a,b', 'c(d)', 'say "hi"', 'x y', 'back\\slash', ''] } },
      [['t', 'in.("a,b","c(d)","say \\"hi\\"","x y",back\\slash,"")']],
    ],
    [{ t: { not_in: ['a "b"\\c'] } }, [['t', 'not.in.("a \\"b\\"\\\\c")']]],
    [
      { createdAt: { gte: '2024-01-01', lt: '2024-02-01' } },
      [
        ['created_at', 'gte.2024-01-01'],
        ['created_at', 'lt.2024-02-01'],
      ],
    ],
    [{ a: undefined, b: 'x' }, [['b', 'eq.x']]],
  ])('%j → %j', (where, expected) => {
    expect(whereToParams(where)).toEqual(expected)
  })

  test('an unknown operator is a ValidationError', () => {
    expect(() => whereToParams({ a: { between: 1 } as never })).toThrow(ValidationError)
    expect(() => whereToParams({ a: { between: 1 } as never })).toThrow(
      'Unsupported filter operator: between',
    )
  })
})

describe('count', () => {
  test('asks for an exact count with limit=0 and reads the total after the slash', async () => {
    const seen = capture(() => HttpResponse.json([], { headers: { 'Content-Range': '0-9/42' } }))
    expect(
      await db()
        .table('promptRatings')
        .count({ where: { promptId: 'p1' } }),
    ).toBe(42)
    expect(seen[0]!.method).toBe('GET')
    expect(seen[0]!.headers.get('prefer')).toBe('count=exact')
    expect(pairs(seen[0]!.url)).toEqual([
      ['prompt_id', 'eq.p1'],
      ['limit', '0'],
    ])
  })

  test('an unknown total (*) or a missing header is null', async () => {
    capture(() => HttpResponse.json([], { headers: { 'Content-Range': '*/*' } }))
    expect(await db().table('prompts').count()).toBeNull()
    capture(() => HttpResponse.json([]))
    expect(await db().table('prompts').count()).toBeNull()
  })
})

describe('create', () => {
  test('POSTs one snake_case record with a generated id and returns the single camel row', async () => {
    const seen = capture(async (request) => {
      const body = (await request.json()) as Record<string, unknown>
      return HttpResponse.json([{ ...body, created_at: 'now' }], { status: 201 })
    })
    const created = await db().table('userApiKeys').create({ userId: 'u1', provider: 'openai' })
    const sent = seen[0]!
    expect(sent.method).toBe('POST')
    expect(sent.url.pathname).toBe('/api/db/prompt-chat/rest/v1/user_api_keys')
    expect(sent.url.search).toBe('')
    expect(sent.headers.get('prefer')).toBe('return=representation')
    expect(sent.headers.get('content-type')).toBe('application/json')
    expect(sent.body).toEqual({
      user_id: 'u1',
      provider: 'openai',
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
    })
    expect(created).toEqual({
      id: (sent.body as { id: string }).id,
      userId: 'u1',
      provider: 'openai',
      createdAt: 'now',
    })
  })

  test('a given id is kept', async () => {
    const seen = capture(() => HttpResponse.json([{ id: 'mine' }]))
    await db().table('prompts').create({ id: 'mine', title: 't' })
    expect(seen[0]!.body).toEqual({ id: 'mine', title: 't' })
  })

  test('createMany POSTs an array, ids for those without, and returns every row', async () => {
    const seen = capture(async (request) => HttpResponse.json(await request.json()))
    const rows = await db()
      .table('quickPrompts')
      .createMany([{ userId: 'u1' }, { id: 'keep', userId: 'u2' }])
    const body = seen[0]!.body as Array<{ id: string; user_id: string }>
    expect(seen[0]!.headers.get('prefer')).toBe('return=representation')
    expect(body).toHaveLength(2)
    expect(body[0]!.id).toMatch(/^[0-9a-f]{32}$/)
    expect(body[1]).toEqual({ id: 'keep', user_id: 'u2' })
    expect(rows).toEqual([
      { id: body[0]!.id, userId: 'u1' },
      { id: 'keep', userId: 'u2' },
    ])
  })

  test('a refusal keeps its status (RLS: 403)', async () => {
    capture(() =>
      HttpResponse.json({ code: '42501', message: 'new row violates policy' }, { status: 403 }),
    )
    await expect(db().table('prompts').create({ title: 'x' })).rejects.toMatchObject({
      status: 403,
      message: 'new row violates policy',
    })
  })
})

describe('upsert', () => {
  test('POSTs with on_conflict in snake_case and merge-duplicates', async () => {
    const seen = capture(() => HttpResponse.json([{ id: 'k1', user_id: 'u1', provider: 'openai' }]))
    const row = await db()
      .table('userApiKeys')
      .upsert({ userId: 'u1', provider: 'openai' }, { onConflict: 'userId' })
    expect(seen[0]!.method).toBe('POST')
    expect(pairs(seen[0]!.url)).toEqual([['on_conflict', 'user_id']])
    expect(seen[0]!.headers.get('prefer')).toBe('return=representation,resolution=merge-duplicates')
    // Merging on another column must not overwrite the existing row's id.
    expect(seen[0]!.body).toEqual({ user_id: 'u1', provider: 'openai' })
    expect(row).toEqual({ id: 'k1', userId: 'u1', provider: 'openai' })
  })

  test('an array upsert on the primary key returns every row and fills missing ids', async () => {
    const seen = capture(async (request) => HttpResponse.json(await request.json()))
    const rows = await db()
      .table('prompts')
      .upsert([{ id: 'a', title: 'A' }, { title: 'B' }])
    expect(seen[0]!.url.search).toBe('')
    expect(rows).toHaveLength(2)
    expect(rows[1]!.id).toMatch(/^[0-9a-f]{32}$/)
  })
})

describe('update', () => {
  test('PATCHes ?id=eq.<id> with a snake_case patch and returns the updated row', async () => {
    const seen = capture(() => HttpResponse.json([{ id: 'p1', is_active: '1', title: 'T' }]))
    const row = await db().table('prompts').update('p1', { isActive: '1' })
    expect(seen[0]!.method).toBe('PATCH')
    expect(pairs(seen[0]!.url)).toEqual([['id', 'eq.p1']])
    expect(seen[0]!.headers.get('prefer')).toBe('return=representation')
    expect(seen[0]!.body).toEqual({ is_active: '1' })
    expect(row).toEqual({ id: 'p1', isActive: '1', title: 'T' })
  })

  test("no row changed → PlatformError 'Record with id not found' (NOT_FOUND, 404)", async () => {
    capture(() => HttpResponse.json([]))
    const failure = db().table('prompts').update('missing', { title: 'x' })
    await expect(failure).rejects.toBeInstanceOf(PlatformError)
    await expect(failure).rejects.toMatchObject({
      message: 'Record with id not found',
      code: 'NOT_FOUND',
      status: 404,
    })
  })
})

describe('delete', () => {
  test('delete(id) sends DELETE ?id=eq.<id>', async () => {
    const seen = capture(() => new HttpResponse(null, { status: 204 }))
    await expect(db().table('quickPrompts').delete('q1')).resolves.toBeUndefined()
    expect(seen[0]!.method).toBe('DELETE')
    expect(seen[0]!.url.pathname).toBe('/api/db/prompt-chat/rest/v1/quick_prompts')
    expect(pairs(seen[0]!.url)).toEqual([['id', 'eq.q1']])
  })

  test('deleteMany sends the where filters', async () => {
    const seen = capture(() => new HttpResponse(null, { status: 204 }))
    await db()
      .table('quickPrompts')
      .deleteMany({ where: { userId: 'u1', promptId: { in: ['a', 'b'] } } })
    expect(seen[0]!.method).toBe('DELETE')
    expect(pairs(seen[0]!.url)).toEqual([
      ['user_id', 'eq.u1'],
      ['prompt_id', 'in.(a,b)'],
    ])
  })

  test('deleteMany without a filter is refused before any request', async () => {
    const seen = capture()
    await expect(db().table('prompts').deleteMany({ where: {} })).rejects.toBeInstanceOf(
      ValidationError,
    )
    expect(seen).toHaveLength(0)
  })
})
