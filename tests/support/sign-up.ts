import type { TokenSet } from '../../src/platform/types'

type Send = (request: Request) => Promise<Response>

/** What a browser holds after opening the hosted page: the form's token and its cookie. */
export interface AuthForm {
  csrfToken: string
  cookie: string
}

/** Opens the hosted page as a browser does and keeps its form's CSRF token and cookie. */
export async function openAuthPage(
  send: Send,
  baseUrl: string,
  options: { redirectUrl?: string; projectId?: string; mode?: 'sign-in' | 'sign-up' } = {},
): Promise<AuthForm> {
  const query = new URLSearchParams({
    redirect_url: options.redirectUrl ?? `${baseUrl}/`,
    project_id: options.projectId ?? 'prompt-chat',
    mode: options.mode ?? 'sign-in',
  })
  const res = await send(new Request(`${baseUrl}/auth?${query}`))
  const html = await res.text()
  const csrfToken = html.match(/name="csrf_token" value="([^"]*)"/)?.[1]
  // Name=value of each cookie, as a browser sends them back.
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  if (res.status !== 200 || !csrfToken || !cookie) {
    throw new Error(`the auth page answered ${res.status} without a form`)
  }
  return { csrfToken, cookie }
}

/**
 * Posts the hosted page's form the way a browser does: with the page's token and cookie, from
 * the page's own origin. Follows nothing: the answer is the page's own (303 back to the app, or
 * the page again with an error).
 */
export async function postAuthForm(
  send: Send,
  baseUrl: string,
  mode: 'sign-in' | 'sign-up',
  fields: Record<string, string>,
  form?: AuthForm,
): Promise<Response> {
  const { csrfToken, cookie } = form ?? (await openAuthPage(send, baseUrl, { mode }))
  return send(
    new Request(`${baseUrl}/auth/${mode}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: cookie,
        Origin: new URL(baseUrl).origin,
        'Sec-Fetch-Site': 'same-origin',
      },
      body: new URLSearchParams({
        redirect_url: `${baseUrl}/`,
        project_id: 'prompt-chat',
        csrf_token: csrfToken,
        ...fields,
      }),
      redirect: 'manual',
    }),
  )
}

/**
 * Signs a user up the way a browser does: opens the hosted page, posts its form, follows
 * nothing, reads the one-time code from the redirect and exchanges it for tokens.
 */
export async function signUpThroughAuthPage(
  send: Send,
  baseUrl: string,
  user: { email: string; displayName?: string; password?: string; projectId?: string },
): Promise<TokenSet> {
  const form = await openAuthPage(send, baseUrl, { mode: 'sign-up', projectId: user.projectId })
  const res = await postAuthForm(
    send,
    baseUrl,
    'sign-up',
    {
      email: user.email,
      password: user.password ?? 'password-123',
      display_name: user.displayName ?? '',
      project_id: user.projectId ?? 'prompt-chat',
    },
    form,
  )
  const location = res.headers.get('location')
  const code = location ? new URL(location, baseUrl).searchParams.get('code') : null
  if (res.status !== 303 || !code) throw new Error(`sign-up failed with ${res.status}`)
  const tokenRes = await send(
    new Request(`${baseUrl}/api/auth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
    }),
  )
  if (!tokenRes.ok) throw new Error(`code exchange failed with ${tokenRes.status}`)
  const body = (await tokenRes.json()) as Omit<TokenSet, 'issued_at'>
  return { ...body, issued_at: Math.floor(Date.now() / 1000) }
}
