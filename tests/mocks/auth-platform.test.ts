import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { REFRESH_REUSE_GRACE_SECONDS } from '../../mocks/platform/auth/auth-service'
import { postAuthForm, signUpThroughAuthPage } from '../support/sign-up'
import { createTestPlatform, TEST_ORIGIN, type TestPlatform } from '../support/test-platform'

// The mock platform's auth host, called the way a browser and the SDK call it.
let clock = new Date('2026-11-23T10:00:00Z')
let platform: TestPlatform
beforeAll(async () => {
  platform = await createTestPlatform({ now: () => clock })
})
afterAll(() => platform.close())

const send = (path: string, init?: RequestInit) =>
  platform.platform.fetch(new Request(`${TEST_ORIGIN}${path}`, init))
const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  send(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
/** The hosted form, posted as a browser posts it (token, cookie, same origin). */
const postForm = (path: '/auth/sign-in' | '/auth/sign-up', fields: Record<string, string>) =>
  postAuthForm(
    platform.platform.fetch,
    TEST_ORIGIN,
    path === '/auth/sign-in' ? 'sign-in' : 'sign-up',
    { redirect_url: `${TEST_ORIGIN}/?tab=chat`, ...fields },
  )
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000)
}
const codeOf = (res: Response) => new URL(res.headers.get('location')!).searchParams.get('code')!

describe('the hosted /auth page', () => {
  test('offers sign-in and account creation for a link back to this app', async () => {
    const res = await send(
      `/auth?redirect_url=${encodeURIComponent(`${TEST_ORIGIN}/`)}&project_id=prompt-chat&mode=sign-up`,
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await res.text()
    expect(html).toContain('role="tab"')
    expect(html).toContain('<label for="display_name">Display name</label>')
    expect(html).toContain('<button type="submit">Create account</button>')
  })

  test.each([
    ['a foreign site', 'https://evil.example/steal'],
    ['another port on this machine', 'http://localhost:6666/steal'],
    ['another local address', 'http://127.0.0.1:3000/steal'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['nothing at all', ''],
  ])('refuses to send a code to %s', async (_, redirect) => {
    const res = await send(
      `/auth?redirect_url=${encodeURIComponent(redirect)}&project_id=prompt-chat`,
    )
    expect(res.status).toBe(400)
    const html = await res.text()
    expect(html).toContain('<p role="alert">This sign-in link is not valid.</p>')
    expect(html).not.toContain('<form')
  })

  test('a signed-in form never sends its code to another port, and its policy says so', async () => {
    await postForm('/auth/sign-up', {
      email: 'porter@example.com',
      password: 'long-enough',
      display_name: 'Porter',
    })
    const res = await postForm('/auth/sign-in', {
      email: 'porter@example.com',
      password: 'long-enough',
      redirect_url: 'http://localhost:6666/steal',
    })
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
    const page = await send(
      `/auth?redirect_url=${encodeURIComponent(`${TEST_ORIGIN}/`)}&project_id=prompt-chat`,
    )
    expect(page.headers.get('content-security-policy')).toContain(
      "form-action 'self' http://localhost:5173 http://127.0.0.1:5173;",
    )
  })

  test('refuses a link for another project', async () => {
    const res = await send(
      `/auth?redirect_url=${encodeURIComponent(`${TEST_ORIGIN}/`)}&project_id=other`,
    )
    expect(await res.text()).toContain('This sign-in link is not valid.')
  })

  test('sign-up redirects back with a one-time code and keeps the app address', async () => {
    const res = await postForm('/auth/sign-up', {
      email: 'new@example.com',
      password: 'long-enough',
      display_name: 'New Person',
    })
    expect(res.status).toBe(303)
    const back = new URL(res.headers.get('location')!)
    expect(`${back.origin}${back.pathname}`).toBe(`${TEST_ORIGIN}/`)
    expect(back.searchParams.get('tab')).toBe('chat')
    expect(back.searchParams.get('code')).toMatch(/^[\w-]{43}$/)
    expect(back.searchParams.has('access_token')).toBe(false)
  })

  test.each([
    [{ email: 'not-an-email', password: 'long-enough' }, 400, 'Enter a valid e-mail address.'],
    [
      { email: 'short@example.com', password: 'short' },
      400,
      'Password must be at least 8 characters.',
    ],
    [
      { email: 'x@example.com', password: 'long-enough', display_name: 'n'.repeat(101) },
      400,
      'Display name must be at most 100 characters.',
    ],
  ])('sign-up with %o answers %i: %s', async (fields, status, message) => {
    const res = await postForm('/auth/sign-up', fields)
    expect(res.status).toBe(status)
    expect(await res.text()).toContain(`<p role="alert">${message}</p>`)
  })

  test('a second account with the same e-mail (any case) is refused with a clear message', async () => {
    await postForm('/auth/sign-up', { email: 'twice@example.com', password: 'long-enough' })
    const res = await postForm('/auth/sign-up', {
      email: 'TWICE@example.com',
      password: 'long-enough',
    })
    expect(res.status).toBe(409)
    expect(await res.text()).toContain('An account with this e-mail already exists.')
  })

  test('a wrong password or unknown e-mail gets the same message, and the e-mail is kept', async () => {
    await postForm('/auth/sign-up', { email: 'known@example.com', password: 'right-password' })
    for (const email of ['known@example.com', 'unknown@example.com']) {
      const res = await postForm('/auth/sign-in', { email, password: 'wrong-password' })
      expect(res.status).toBe(401)
      const html = await res.text()
      expect(html).toContain('<p role="alert">Incorrect e-mail or password.</p>')
      expect(html).toContain(`value="${email}"`)
    }
    const ok = await postForm('/auth/sign-in', {
      email: 'KNOWN@example.com',
      password: 'right-password',
    })
    expect(ok.status).toBe(303)
  })

  test("a refused form shows the error, and its history entry becomes the page's own address", async () => {
    const res = await postForm('/auth/sign-in', {
      email: 'nobody@example.com',
      password: 'nope-nope',
    })
    expect(res.status).toBe(401)
    const html = await res.text()
    const query = `redirect_url=${encodeURIComponent(`${TEST_ORIGIN}/?tab=chat`)}&project_id=prompt-chat`
    // Back and reload then ask for the page by GET, never post the form again.
    expect(html).toContain(
      `data-address="/auth?${query.replaceAll('&', '&amp;')}&amp;mode=sign-in"`,
    )
    expect(html).toContain("history.replaceState(null,'',a)")
    // The script is allowed by its hash, and it is the only other script.
    const policy = res.headers.get('content-security-policy') ?? ''
    expect(policy.match(/'sha256-[^']+'/g)).toHaveLength(2)
    expect([...html.matchAll(/<script>/g)]).toHaveLength(2)
  })

  test("the tabs and the forms' own addresses lead to the page from wherever it is shown", async () => {
    const query = `redirect_url=${encodeURIComponent(`${TEST_ORIGIN}/`)}&project_id=prompt-chat`
    const answer = await postForm('/auth/sign-up', {
      email: 'not-an-email',
      password: 'long-enough',
    })
    const tabs = [...(await answer.text()).matchAll(/role="tab" href="([^"]*)"/g)].map((m) =>
      m[1]!.replaceAll('&amp;', '&'),
    )
    const posted = `redirect_url=${encodeURIComponent(`${TEST_ORIGIN}/?tab=chat`)}&project_id=prompt-chat`
    expect(tabs).toEqual([`/auth?${posted}&mode=sign-in`, `/auth?${posted}&mode=sign-up`])
    for (const mode of ['sign-in', 'sign-up']) {
      const res = await send(`/auth/${mode}?${query}`)
      expect(res.status).toBe(303)
      expect(res.headers.get('location')).toBe(`/auth?${query}&mode=${mode}`)
    }
    const foreign = await send(
      `/auth/sign-in?redirect_url=${encodeURIComponent('https://evil.example/')}&project_id=prompt-chat`,
    )
    expect(foreign.status).toBe(400)
    expect(await foreign.text()).toContain('This sign-in link is not valid.')
  })

  test('what the visitor typed is escaped, never rendered as markup', async () => {
    const res = await postForm('/auth/sign-in', {
      email: '"><script>alert(1)</script>',
      password: 'x',
    })
    const html = await res.text()
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).toContain('&quot;&gt;&lt;script&gt;')
  })
})

describe('the auth API', () => {
  test('a code is exchanged once for tokens; a second try or a stale code is refused', async () => {
    const res = await postForm('/auth/sign-up', {
      email: 'code@example.com',
      password: 'long-enough',
    })
    const code = codeOf(res)
    const first = await postJson('/api/auth/token', { code })
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({
      token_type: 'Bearer',
      expires_in: 900,
      refresh_expires_in: 2_592_000,
    })
    const again = await postJson('/api/auth/token', { code })
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual({
      error: { code: 'invalid_grant', message: 'The sign-in code is invalid or has expired' },
    })

    const late = await postForm('/auth/sign-in', {
      email: 'code@example.com',
      password: 'long-enough',
    })
    advance(61)
    expect((await postJson('/api/auth/token', { code: codeOf(late) })).status).toBe(400)
  })

  test('me answers the user in snake_case, and PATCH changes the display name', async () => {
    const tokens = await platform.signUp('me@example.com', 'Me Myself')
    const auth = { Authorization: `Bearer ${tokens.access_token}` }
    const me = await (await send('/api/auth/me', { headers: auth })).json()
    expect(me.user).toMatchObject({ email: 'me@example.com', display_name: 'Me Myself' })
    expect(me.user.id).toMatch(/^user_[0-9a-f]{32}$/)

    const patched = await send('/api/auth/me', {
      method: 'PATCH',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ display_name: '  Renamed  ' }),
    })
    expect((await patched.json()).user.display_name).toBe('Renamed')

    const bad = await send('/api/auth/me', {
      method: 'PATCH',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: '{not json',
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ error: { message: 'Body must be a JSON object' } })
  })

  test('me refuses a missing, forged or expired access token with 401', async () => {
    const tokens = await platform.signUp('expiry@example.com')
    expect((await send('/api/auth/me')).status).toBe(401)
    const forged = `${tokens.access_token.slice(0, -4)}AAAA`
    const res = await send('/api/auth/me', { headers: { Authorization: `Bearer ${forged}` } })
    expect(await res.json()).toEqual({
      error: { code: 'invalid_token', message: 'Access token is invalid' },
    })
    advance(901)
    const expired = await send('/api/auth/me', {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    })
    expect(expired.status).toBe(401)
    expect(await expired.json()).toMatchObject({ error: { message: 'Access token is expired' } })
  })

  test('refresh rotates; replaying a rotated token after the grace period revokes the family', async () => {
    const tokens = await platform.signUp('family@example.com')
    const rotated = await (
      await postJson('/api/auth/refresh', { refresh_token: tokens.refresh_token })
    ).json()
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token)

    advance(REFRESH_REUSE_GRACE_SECONDS + 1)
    const replay = await postJson('/api/auth/refresh', { refresh_token: tokens.refresh_token })
    expect(replay.status).toBe(401)
    expect((await replay.json()).error.code).toBe('refresh_token_reused')

    const victim = await postJson('/api/auth/refresh', { refresh_token: rotated.refresh_token })
    expect(victim.status).toBe(401)
    expect((await victim.json()).error.code).toBe('invalid_refresh_token')
  })

  test('logout revokes the refresh token; malformed refresh requests are 4xx, not 500', async () => {
    const tokens = await platform.signUp('logout@example.com')
    expect(
      (await postJson('/api/auth/logout', { refresh_token: tokens.refresh_token })).status,
    ).toBe(204)
    expect(
      (await postJson('/api/auth/refresh', { refresh_token: tokens.refresh_token })).status,
    ).toBe(401)
    expect((await postJson('/api/auth/refresh', {})).status).toBe(400)
    expect((await postJson('/api/auth/refresh', { refresh_token: 42 })).status).toBe(400)
    const garbage = await send('/api/auth/refresh', { method: 'POST', body: '\u0000{' })
    expect(garbage.status).toBe(400)
  })

  test('signing up through the page helper yields tokens the API accepts', async () => {
    const tokens = await signUpThroughAuthPage(platform.platform.fetch, TEST_ORIGIN, {
      email: 'helper@example.com',
    })
    const me = await send('/api/auth/me', {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    })
    expect(me.status).toBe(200)
  })
})

test('two access tokens minted in the same second still differ', async () => {
  const tokens = await platform.signUp('same-second@example.com')
  const res = await postJson('/api/auth/refresh', { refresh_token: tokens.refresh_token })
  const rotated = (await res.json()) as { access_token: string }
  expect(rotated.access_token).not.toBe(tokens.access_token)
})

describe('bad input is a clear 4xx, never a 500', () => {
  const long = (n: number) => 'x'.repeat(n)

  test.each([
    [{ email: 'nul\u0000@example.com' }, 'Enter a valid e-mail address.'],
    [{ email: `${long(250)}@example.com` }, 'Enter a valid e-mail address.'],
    [{ password: 'pass\u0000word' }, 'Password must not contain control characters.'],
    [{ password: long(1025) }, 'Password must be at most 1024 characters.'],
    [{ display_name: 'Nul\u0000Name' }, 'Display name must not contain control characters.'],
  ])('sign-up with %o answers 400: %s', async (fields, message) => {
    const res = await postForm('/auth/sign-up', {
      email: 'bad-input@example.com',
      password: 'long-enough',
      ...fields,
    })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain(`<p role="alert">${message}</p>`)
  })

  test.each([
    [{ email: 'nul\u0000@example.com' }, 'Enter a valid e-mail address.'],
    [{ password: 'pass\u0000word' }, 'Password must not contain control characters.'],
    [{ password: long(1025) }, 'Password must be at most 1024 characters.'],
  ])('sign-in with %o answers 400: %s', async (fields, message) => {
    const res = await postForm('/auth/sign-in', {
      email: 'known@example.com',
      password: 'long-enough',
      ...fields,
    })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain(`<p role="alert">${message}</p>`)
  })

  test('PATCH /api/auth/me refuses what cannot be a display name, and null clears it', async () => {
    const tokens = await platform.signUp('patch-input@example.com', 'Before')
    const patch = (body: unknown) =>
      send('/api/auth/me', {
        method: 'PATCH',
        headers: {
          Authorization: `Bearer ${tokens.access_token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      })
    for (const [body, message] of [
      [{ display_name: 'Nul\u0000Name' }, 'display_name must not contain control characters'],
      [{ displayName: '\u0000' }, 'display_name must not contain control characters'],
      [{ display_name: long(101) }, 'display_name must be at most 100 characters'],
      [{ display_name: 5 }, 'display_name must be a string'],
      [[{ display_name: 'x' }], 'Body must be a JSON object'],
    ] as const) {
      const res = await patch(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(await res.json()).toEqual({ error: { code: 'invalid_request', message } })
    }
    const me = await send('/api/auth/me', {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    })
    expect((await me.json()).user.display_name).toBe('Before')

    const cleared = await patch({ display_name: null })
    expect(cleared.status).toBe(200)
    expect((await cleared.json()).user.display_name).toBeNull()
  })

  test('a code or refresh token that we could not have issued is refused without a lookup', async () => {
    for (const code of ['nul\u0000code', long(100_000)]) {
      const res = await postJson('/api/auth/token', { code })
      expect(res.status).toBe(400)
      expect((await res.json()).error.code).toBe('invalid_grant')
    }
    for (const refreshToken of ['nul\u0000token', long(100_000)]) {
      const res = await postJson('/api/auth/refresh', { refresh_token: refreshToken })
      expect(res.status).toBe(401)
      expect((await res.json()).error.code).toBe('invalid_refresh_token')
      expect((await postJson('/api/auth/logout', { refresh_token: refreshToken })).status).toBe(204)
    }
  })
})
