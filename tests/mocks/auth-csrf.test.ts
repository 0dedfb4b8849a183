import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AuthForm, openAuthPage, postAuthForm } from '../support/sign-up'
import { createTestPlatform, TEST_ORIGIN, type TestPlatform } from '../support/test-platform'

// Login CSRF: only the hosted page's own form, posted from its own origin, signs anyone in.
let platform: TestPlatform
beforeAll(async () => {
  platform = await createTestPlatform()
})
afterAll(() => platform.close())

const send = (request: Request) => platform.platform.fetch(request)
const REFUSED = 'This sign-in form has expired or came from another site. Please try again.'
const PASSWORD = 'long-enough'

/** A form POST with exactly the headers given (a browser's, an attacker page's, an old one's). */
const post = (
  mode: 'sign-in' | 'sign-up',
  fields: Record<string, string>,
  headers: Record<string, string>,
) =>
  send(
    new Request(`${TEST_ORIGIN}/auth/${mode}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({
        redirect_url: `${TEST_ORIGIN}/`,
        project_id: 'prompt-chat',
        ...fields,
      }),
      redirect: 'manual',
    }),
  )

const crossSite = { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }
const sameOrigin = { Origin: TEST_ORIGIN, 'Sec-Fetch-Site': 'same-origin' }
const withForm = (form: AuthForm, fields: Record<string, string>) => ({
  fields: { ...fields, csrf_token: form.csrfToken },
  cookie: { Cookie: form.cookie },
})

async function expectRefused(res: Response) {
  expect(res.status).toBe(403)
  expect(res.headers.get('location')).toBeNull()
  const html = await res.text()
  expect(html).toContain(`<p role="alert">${REFUSED}</p>`)
  return html
}

beforeAll(async () => {
  await platform.signUp('victim@example.com')
})

describe('the form carries a token bound to a cookie', () => {
  test('GET /auth sets an HttpOnly, SameSite=Strict cookie that http://localhost stores', async () => {
    const res = await send(
      new Request(
        `${TEST_ORIGIN}/auth?redirect_url=${encodeURIComponent(`${TEST_ORIGIN}/`)}&project_id=prompt-chat`,
      ),
    )
    const token = (await res.text()).match(/name="csrf_token" value="([\w-]{43})"/)?.[1]
    expect(token).toBeDefined()
    expect(res.headers.getSetCookie()).toEqual([
      `auth_csrf=${token}; Path=/auth; HttpOnly; SameSite=Strict; Max-Age=7200`,
    ])
  })

  test('over https the cookie is a Secure __Host- cookie', async () => {
    const origin = 'https://localhost:3000'
    const res = await send(
      new Request(
        `${origin}/auth?redirect_url=${encodeURIComponent(`${origin}/`)}&project_id=prompt-chat`,
      ),
    )
    expect(res.status).toBe(200)
    expect(res.headers.getSetCookie()[0]).toMatch(
      /^__Host-auth_csrf=[\w-]{43}; Path=\/; Secure; HttpOnly; SameSite=Strict; Max-Age=7200$/,
    )
  })

  test('a second page in the same browser keeps the token, so both forms work', async () => {
    const first = await openAuthPage(send, TEST_ORIGIN)
    const res = await send(
      new Request(
        `${TEST_ORIGIN}/auth?redirect_url=${encodeURIComponent(`${TEST_ORIGIN}/`)}&project_id=prompt-chat`,
        { headers: { Cookie: first.cookie } },
      ),
    )
    expect(await res.text()).toContain(`name="csrf_token" value="${first.csrfToken}"`)
  })

  test('an invalid link gets no form and no cookie', async () => {
    const res = await send(new Request(`${TEST_ORIGIN}/auth?redirect_url=https://evil.example/`))
    expect(res.status).toBe(400)
    expect(res.headers.getSetCookie()).toEqual([])
    expect(await res.text()).not.toContain('csrf_token')
  })
})

describe('the real flow', () => {
  test('sign-in from our own page redirects with a code and spends the cookie', async () => {
    const res = await postAuthForm(send, TEST_ORIGIN, 'sign-in', {
      email: 'victim@example.com',
      password: 'password-123',
    })
    expect(res.status).toBe(303)
    expect(new URL(res.headers.get('location')!).searchParams.get('code')).toMatch(/^[\w-]{43}$/)
    expect(res.headers.getSetCookie()).toEqual([
      'auth_csrf=; Path=/auth; HttpOnly; SameSite=Strict; Max-Age=0',
    ])
  })

  test('a browser that sends neither Origin nor Sec-Fetch-Site passes on the token alone', async () => {
    const form = await openAuthPage(send, TEST_ORIGIN)
    const { fields, cookie } = withForm(form, {
      email: 'victim@example.com',
      password: 'password-123',
    })
    const res = await post('sign-in', fields, cookie)
    expect(res.status).toBe(303)
  })

  test('Origin: null (what Chromium sends under our no-referrer policy) passes on the rest', async () => {
    const form = await openAuthPage(send, TEST_ORIGIN)
    const { fields, cookie } = withForm(form, {
      email: 'victim@example.com',
      password: 'password-123',
    })
    const res = await post('sign-in', fields, {
      Origin: 'null',
      'Sec-Fetch-Site': 'same-origin',
      ...cookie,
    })
    expect(res.status).toBe(303)
    await expectRefused(
      await post('sign-in', fields, { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' }),
    )
  })

  test('an error page keeps the form working with the same token', async () => {
    const form = await openAuthPage(send, TEST_ORIGIN)
    const wrong = await postAuthForm(
      send,
      TEST_ORIGIN,
      'sign-in',
      { email: 'victim@example.com', password: 'wrong-password' },
      form,
    )
    expect(wrong.status).toBe(401)
    expect(await wrong.text()).toContain(`name="csrf_token" value="${form.csrfToken}"`)
    const right = await postAuthForm(
      send,
      TEST_ORIGIN,
      'sign-in',
      { email: 'victim@example.com', password: 'password-123' },
      form,
    )
    expect(right.status).toBe(303)
  })
})

describe('a form that is not our own page’s is refused with 403', () => {
  test.each(['sign-in', 'sign-up'] as const)(
    'a cross-site %s POST is refused even with a valid token pair',
    async (mode) => {
      const form = await openAuthPage(send, TEST_ORIGIN, { mode })
      const email = `attacker-${mode}@example.com`
      const { fields, cookie } = withForm(form, { email, password: PASSWORD })
      const html = await expectRefused(await post(mode, fields, { ...crossSite, ...cookie }))
      // What a stranger's page posted is not echoed back.
      expect(html).not.toContain(email)
      // Nothing happened: the account does not exist, so it can still be created.
      const created = await postAuthForm(send, TEST_ORIGIN, 'sign-up', {
        email,
        password: PASSWORD,
      })
      expect(created.status).toBe(303)
    },
  )

  test.each([
    ['Sec-Fetch-Site: same-site (another port)', { 'Sec-Fetch-Site': 'same-site' }],
    ['Origin of another port', { Origin: 'http://localhost:3001' }],
    ['Origin: null from a cross-site frame', { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' }],
    ['Origin only, cross-site', { Origin: 'https://evil.example' }],
    ['Sec-Fetch-Site only, cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
  ])('%s is refused', async (_, headers) => {
    const form = await openAuthPage(send, TEST_ORIGIN)
    const { fields, cookie } = withForm(form, {
      email: 'victim@example.com',
      password: 'password-123',
    })
    await expectRefused(await post('sign-in', fields, { ...headers, ...cookie }))
  })

  test.each([
    ['no token and no cookie', {}, {}],
    ['a cookie but no token in the form', {}, 'cookie'],
    ['a token but no cookie', 'field', {}],
  ] as const)('same-origin with %s is refused', async (_, withField, withCookie) => {
    const form = await openAuthPage(send, TEST_ORIGIN)
    const fields = {
      email: 'victim@example.com',
      password: 'password-123',
      ...(withField === 'field' ? { csrf_token: form.csrfToken } : {}),
    }
    const headers = { ...sameOrigin, ...(withCookie === 'cookie' ? { Cookie: form.cookie } : {}) }
    await expectRefused(await post('sign-in', fields, headers))
  })

  test("another browser's token does not match this browser's cookie", async () => {
    const mine = await openAuthPage(send, TEST_ORIGIN)
    const theirs = await openAuthPage(send, TEST_ORIGIN)
    const fields = {
      email: 'victim@example.com',
      password: 'password-123',
      csrf_token: theirs.csrfToken,
    }
    await expectRefused(await post('sign-in', fields, { ...sameOrigin, Cookie: mine.cookie }))
  })

  test('the refusal page holds a fresh form for the same link, which then works', async () => {
    const res = await post(
      'sign-up',
      { email: 'late@example.com', password: PASSWORD, csrf_token: 'stale' },
      sameOrigin,
    )
    const html = await expectRefused(res)
    expect(html).toContain('<form method="post" action="/auth/sign-up">')
    expect(html).toContain(`name="redirect_url" value="${TEST_ORIGIN}/"`)
    const fresh: AuthForm = {
      csrfToken: html.match(/name="csrf_token" value="([^"]+)"/)![1]!,
      cookie: res.headers.getSetCookie()[0]!.split(';')[0]!,
    }
    const retried = await postAuthForm(
      send,
      TEST_ORIGIN,
      'sign-up',
      { email: 'late@example.com', password: PASSWORD },
      fresh,
    )
    expect(retried.status).toBe(303)
  })

  test('a refused POST for an invalid link shows only the message', async () => {
    const html = await expectRefused(
      await post(
        'sign-in',
        { redirect_url: 'https://evil.example/', email: 'x@example.com', password: 'x' },
        crossSite,
      ),
    )
    expect(html).not.toContain('<form')
  })
})
