import { Hono } from 'hono'
import { AUTH_PAGE_CSP, type AuthMode, type AuthPageModel, renderAuthPage } from './auth-page-html'
import type { AuthService, SignUpError } from './auth-service'
import { isAllowedRedirect } from './redirect-policy'

export const AUTH_PAGE_MESSAGES = {
  invalidLink: 'This sign-in link is not valid.',
  wrongPassword: 'Incorrect e-mail or password.',
  invalid_email: 'Enter a valid e-mail address.',
  weak_password: 'Password must be at least 8 characters.',
  email_taken: 'An account with this e-mail already exists.',
  invalid_display_name: 'Display name must be at most 100 characters.',
} as const satisfies Record<SignUpError | 'invalidLink' | 'wrongPassword', string>

/**
 * The hosted /auth page: sign in or create an account, then go back to the app's address with
 * a one-time `code` (never tokens) in the query.
 */
export function authPage(auth: AuthService, projectId: string) {
  const page = new Hono()

  const html = (model: AuthPageModel, status = 200) =>
    new Response(renderAuthPage(model), {
      status,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': AUTH_PAGE_CSP,
        'Cache-Control': 'no-store',
      },
    })

  /** The link's own parameters, checked: a foreign redirect would hand a code to a stranger. */
  const readLink = (request: Request, params: { redirect_url?: string; project_id?: string }) => {
    const origin = new URL(request.url).origin
    const redirectUrl = params.redirect_url ?? ''
    if (params.project_id !== projectId || !isAllowedRedirect(redirectUrl, origin)) return null
    return { redirectUrl, projectId }
  }

  const backToApp = (redirectUrl: string, code: string) => {
    const target = new URL(redirectUrl)
    target.searchParams.set('code', code)
    return new Response(null, { status: 303, headers: { Location: target.toString() } })
  }

  page.get('/', (c) => {
    const mode: AuthMode = c.req.query('mode') === 'sign-up' ? 'sign-up' : 'sign-in'
    const link = readLink(c.req.raw, c.req.query())
    if (!link) return html({ mode, error: AUTH_PAGE_MESSAGES.invalidLink }, 400)
    return html({ mode, ...link })
  })

  const formFields = async (request: Request) => {
    const form = await request.formData().catch(() => new FormData())
    const field = (name: string) => {
      const value = form.get(name)
      return typeof value === 'string' ? value : ''
    }
    return {
      email: field('email'),
      password: field('password'),
      displayName: field('display_name'),
      redirect_url: field('redirect_url'),
      project_id: field('project_id'),
    }
  }

  page.post('/sign-in', async (c) => {
    const fields = await formFields(c.req.raw)
    const link = readLink(c.req.raw, fields)
    if (!link) return html({ mode: 'sign-in', error: AUTH_PAGE_MESSAGES.invalidLink }, 400)
    const user = await auth.signIn(fields.email, fields.password)
    if (!user) {
      return html(
        { mode: 'sign-in', ...link, email: fields.email, error: AUTH_PAGE_MESSAGES.wrongPassword },
        401,
      )
    }
    return backToApp(link.redirectUrl, await auth.issueCode(user.id))
  })

  page.post('/sign-up', async (c) => {
    const fields = await formFields(c.req.raw)
    const link = readLink(c.req.raw, fields)
    if (!link) return html({ mode: 'sign-up', error: AUTH_PAGE_MESSAGES.invalidLink }, 400)
    const result = await auth.signUp(fields)
    if ('error' in result) {
      const model = { mode: 'sign-up' as const, ...link, email: fields.email }
      return html(
        { ...model, displayName: fields.displayName, error: AUTH_PAGE_MESSAGES[result.error] },
        result.error === 'email_taken' ? 409 : 400,
      )
    }
    return backToApp(link.redirectUrl, await auth.issueCode(result.user.id))
  })

  return page
}
