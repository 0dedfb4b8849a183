import { expect, test } from 'vitest'
import { describeOnEveryBackend } from '../support/contract-backends'

// Issue 24, defect 3: a seal opened wherever it was put, so a user who copied another user's
// sealed key (from a leaked dump) into a row of their own read the key back in plain text.
// A seal now opens only in the row it was made for (docs/security.md, "Seals bound to their
// row"); these are the attacks, and the writes that must keep working.

describeOnEveryBackend('seals bound to their row', (backend) => {
  const api = (path: string) => `${backend.server().url}/api/db/prompt-chat/${path}`
  const headers = (token: string) => ({
    'Content-Type': 'application/json',
    Authorization: `Bearer ${token}`,
  })
  const sql = async (token: string, query: string, params: unknown[] = []) => {
    const res = await fetch(api('sql'), {
      method: 'POST',
      headers: headers(token),
      body: JSON.stringify({ query, params }),
    })
    expect(res.status).toBe(200)
    return (await res.json()).rows as Record<string, unknown>[]
  }
  const readRest = async (token: string, path: string) => {
    const res = await fetch(api(`rest/v1/${path}`), { headers: headers(token) })
    expect(res.status).toBe(200)
    return (await res.json()) as Record<string, unknown>[]
  }
  /** What a dump of the database holds: the sealed text, as only the owner can read it. */
  const dumpOf = async (table: string, userId: string) => {
    const { rows } = await backend
      .server()
      .store.asOwner((tx) =>
        tx.query<{ api_key_encrypted: string }>(
          `select api_key_encrypted from ${table} where user_id = $1`,
          [userId],
        ),
      )
    return rows.map((row) => row.api_key_encrypted)
  }
  const saveKey = (token: string, userId: string, provider: string, key: string) =>
    sql(
      token,
      'insert into user_api_keys (user_id, provider, api_key_encrypted) values ($1, $2, $3)',
      [userId, provider, key],
    )

  test('another user’s seal copied into my rows, in either table, never opens', async () => {
    const alice = await backend.signedIn('seal-alice@example.com')
    const bob = await backend.signedIn('seal-bob@example.com')
    await saveKey(alice.tokens.access_token, alice.userId, 'openai', 'c2stYWxpY2U=')
    const [leaked] = await dumpOf('user_api_keys', alice.userId)
    expect(leaked).toMatch(/^aescbc-hmac:v3:/)

    const bobToken = bob.tokens.access_token
    await saveKey(bobToken, bob.userId, 'openai', leaked!)
    await sql(
      bobToken,
      `insert into model_servers (user_id, name, base_url, api_key_encrypted)
       values ($1, 'Stolen', 'https://llm.example.com/v1', $2)`,
      [bob.userId, leaked],
    )
    const keys = await readRest(bobToken, 'user_api_keys?select=provider,api_key_encrypted')
    const servers = await readRest(bobToken, 'model_servers?select=name,api_key_encrypted')
    // Bob gets back exactly the text he wrote, never Alice's key.
    expect(keys).toEqual([{ provider: 'openai', api_key_encrypted: leaked }])
    expect(servers).toEqual([{ name: 'Stolen', api_key_encrypted: leaked }])
    expect(JSON.stringify([keys, servers])).not.toContain('c2stYWxpY2U=')
    // Alice still reads hers.
    expect(
      await readRest(alice.tokens.access_token, 'user_api_keys?select=api_key_encrypted'),
    ).toEqual([{ api_key_encrypted: 'c2stYWxpY2U=' }])
  })

  test('a seal moved by UPDATE into another row, or a forged one, is kept as text', async () => {
    const carol = await backend.signedIn('seal-carol@example.com')
    const token = carol.tokens.access_token
    await saveKey(token, carol.userId, 'openai', 'b3BlbmFp')
    await saveKey(token, carol.userId, 'google', 'Z29vZ2xl')
    const [google, openai] = await sql(
      token,
      'select provider, api_key_encrypted from user_api_keys order by provider',
    )
    // The OpenAI row takes the Google row's seal: it holds that text, not Google's key.
    await sql(
      token,
      `update user_api_keys set api_key_encrypted =
         (select api_key_encrypted from user_api_keys where provider = 'google')
       where provider = 'openai'`,
    )
    const forged = `aescbc-hmac:v3:${'0'.repeat(32)}:${'0'.repeat(64)}:${'ab'.repeat(16)}`
    await saveKey(token, carol.userId, 'anthropic', forged)
    const read = await readRest(
      token,
      'user_api_keys?select=provider,api_key_encrypted&order=provider',
    )
    expect(read).toEqual([
      { provider: 'anthropic', api_key_encrypted: forged },
      { provider: 'google', api_key_encrypted: 'Z29vZ2xl' },
      { provider: 'openai', api_key_encrypted: google!.api_key_encrypted },
    ])
    expect(openai!.api_key_encrypted).not.toBe(google!.api_key_encrypted)
    // At rest the forged value is sealed like any text, not stored as it came.
    expect((await dumpOf('user_api_keys', carol.userId)).includes(forged)).toBe(false)
  })

  test('an upsert keeps the key readable, sealed once', async () => {
    const dan = await backend.signedIn('seal-dan@example.com')
    const token = dan.tokens.access_token
    const upsert = `insert into user_api_keys (user_id, provider, api_key_encrypted)
      values ($1, 'openai', $2)
      on conflict (user_id, provider) do update set api_key_encrypted = excluded.api_key_encrypted`
    await sql(token, upsert, [dan.userId, 'Zmlyc3Q='])
    await sql(token, upsert, [dan.userId, 'c2Vjb25k'])
    // And through the table API, as the app saves keys.
    const res = await fetch(api('rest/v1/user_api_keys?on_conflict=user_id,provider'), {
      method: 'POST',
      headers: { ...headers(token), Prefer: 'resolution=merge-duplicates' },
      body: JSON.stringify({ user_id: dan.userId, provider: 'google', api_key_encrypted: 'Zw==' }),
    })
    expect(res.status).toBe(201)
    const again = await fetch(api('rest/v1/user_api_keys?on_conflict=user_id,provider'), {
      method: 'POST',
      headers: { ...headers(token), Prefer: 'resolution=merge-duplicates' },
      body: JSON.stringify({ user_id: dan.userId, provider: 'google', api_key_encrypted: 'R0c=' }),
    })
    expect(again.status).toBe(201)
    expect(
      await readRest(token, 'user_api_keys?select=provider,api_key_encrypted&order=provider'),
    ).toEqual([
      { provider: 'google', api_key_encrypted: 'R0c=' },
      { provider: 'openai', api_key_encrypted: 'c2Vjb25k' },
    ])
  })

  test('a row whose key changes takes its seal along', async () => {
    const erin = await backend.signedIn('seal-erin@example.com')
    const token = erin.tokens.access_token
    await saveKey(token, erin.userId, 'anthropic', 'bW92aW5n')
    await sql(token, `update user_api_keys set id = 'key_moved' where provider = 'anthropic'`)
    expect(await readRest(token, 'user_api_keys?select=id,api_key_encrypted')).toEqual([
      { id: 'key_moved', api_key_encrypted: 'bW92aW5n' },
    ])
  })

  test('keys and owners longer than 63 bytes bind whole, as the app’s key ids are', async () => {
    const gail = await backend.signedIn('seal-gail@example.com')
    const token = gail.tokens.access_token
    // key_{user}_{provider}_{ms}: 65 characters for Anthropic, past PostgreSQL's 63-byte names.
    const id = `key_${gail.userId}_anthropic_${Date.now()}`.padEnd(70, '0')
    await sql(
      token,
      `insert into user_api_keys (id, user_id, provider, api_key_encrypted)
       values ($1, $2, 'anthropic', 'bG9uZw==')`,
      [id, gail.userId],
    )
    expect(await readRest(token, 'user_api_keys?select=id,api_key_encrypted')).toEqual([
      { id, api_key_encrypted: 'bG9uZw==' },
    ])
  })

  test('a select of the sealed column alone opens it, and answers only that column', async () => {
    const finn = await backend.signedIn('seal-finn@example.com')
    const token = finn.tokens.access_token
    await saveKey(token, finn.userId, 'google', 'YWxvbmU=')
    expect(await readRest(token, 'user_api_keys?select=api_key_encrypted')).toEqual([
      { api_key_encrypted: 'YWxvbmU=' },
    ])
  })
})
