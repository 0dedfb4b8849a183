import type { TokenSet } from '../../src/platform/types'

type Send = (request: Request) => Promise<Response>

/**
 * Signs a user up the way a browser does: posts the hosted page's form, follows nothing, reads
 * the one-time code from the redirect and exchanges it for tokens.
 */
export async function signUpThroughAuthPage(
  send: Send,
  baseUrl: string,
  user: { email: string; displayName?: string; password?: string; projectId?: string },
): Promise<TokenSet> {
  const form = new URLSearchParams({
    email: user.email,
    password: user.password ?? 'password-123',
    display_name: user.displayName ?? '',
    redirect_url: `${baseUrl}/`,
    project_id: user.projectId ?? 'prompt-chat',
  })
  const res = await send(
    new Request(`${baseUrl}/auth/sign-up`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
      redirect: 'manual',
    }),
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
