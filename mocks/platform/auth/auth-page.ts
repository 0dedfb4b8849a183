import { Hono } from 'hono'
import { isAllowedRedirect } from '../../../contract/auth-origins'
import {
  type FormError,
  MAX_DISPLAY_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  parseSignIn,
  parseSignUp,
} from './auth-input'
import {
  type AuthMode,
  type AuthPageModel,
  authPageAddress,
  authPagePolicy,
  renderAuthPage,
} from './auth-page-html'
import type { AuthService } from './auth-service'
import { CSRF_FIELD, formToken, isOwnForm, spentTokenCookie } from './form-csrf'

export const AUTH_PAGE_MESSAGES = {
  invalidLink: 'This sign-in link is not valid.',
  wrongPassword: 'Incorrect e-mail or password.',
  foreignForm: 'This sign-in form has expired or came from another site. Please try again.',
  invalid_email: 'Enter a valid e-mail address.',
  weak_password: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  password_too_long: `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
  invalid_password: 'Password must not contain control characters.',
  email_taken: 'An account with this e-mail already exists.',
  invalid_display_name: `Display name must be at most ${MAX_DISPLAY_NAME_LENGTH} characters.`,
  display_name_control: 'Display name must not contain control characters.',
} as const satisfies Record<
  FormError | 'email_taken' | 'invalidLink' | 'wrongPassword' | 'foreignForm',
  string
>

/**
 * The hosted /auth page: sign in or create an account, then go back to the app's address with
 * a one-time `code` (never tokens) in the query. Every POST must come from this page's own
 * form (form-csrf.ts). The code goes back to the page's own origin or to one of `appOrigins`
 * only (docs/security.md, "Framing and the parent bridge"): elsewhere it would sign a stranger in.
 */
export function authPage(auth: AuthService, projectId: string, appOrigins: readonly string[]) {
  const page = new Hono()
  const policy = authPagePolicy(appOrigins)

  /** The page; a form comes with its CSRF token and cookie. */
  const html = (request: Request, model: AuthPageModel, status = 200) => {
    const headers = new Headers({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': policy,
      'Cache-Control': 'no-store',
    })
    let csrfToken: string | undefined
    if (model.redirectUrl) {
      const form = formToken(request)
      csrfToken = form.token
      headers.append('Set-Cookie', form.setCookie)
    }
    return new Response(renderAuthPage({ ...model, csrfToken }), { status, headers })
  }

  /** The link's own parameters, checked: a foreign redirect would hand a code to a stranger. */
  const readLink = (request: Request, params: { redirect_url?: string; project_id?: string }) => {
    const origin = new URL(request.url).origin
    const redirectUrl = params.redirect_url ?? ''
    if (params.project_id !== projectId || !isAllowedRedirect(redirectUrl, origin, appOrigins))
      return null
    return { redirectUrl, projectId }
  }

  const backToApp = (request: Request, redirectUrl: string, code: string) => {
    const target = new URL(redirectUrl)
    target.searchParams.set('code', code)
    return new Response(null, {
      status: 303,
      headers: { Location: target.toString(), 'Set-Cookie': spentTokenCookie(request) },
    })
  }

  page.get('/', (c) => {
    const mode: AuthMode = c.req.query('mode') === 'sign-up' ? 'sign-up' : 'sign-in'
    const link = readLink(c.req.raw, c.req.query())
    if (!link) return html(c.req.raw, { mode, error: AUTH_PAGE_MESSAGES.invalidLink }, 400)
    return html(c.req.raw, { mode, ...link })
  })

  // The forms' own addresses, asked for by GET (a bookmark, a typed address): the page.
  for (const mode of ['sign-in', 'sign-up'] as const) {
    page.get(`/${mode}`, (c) => {
      const link = readLink(c.req.raw, c.req.query())
      if (!link) return html(c.req.raw, { mode, error: AUTH_PAGE_MESSAGES.invalidLink }, 400)
      return c.redirect(authPageAddress(link, mode), 303)
    })
  }

  /**
   * The form's fields, the link they belong to, or the refusal: a POST that is not our own
   * form gets a 403 with a fresh form (what it typed is not echoed: it may be a stranger's).
   */
  const readForm = async (request: Request, mode: AuthMode) => {
    const form = await request.formData().catch(() => new FormData())
    const field = (name: string) => {
      const value = form.get(name)
      return typeof value === 'string' ? value : ''
    }
    const params = { redirect_url: field('redirect_url'), project_id: field('project_id') }
    const link = readLink(request, params)
    if (!isOwnForm(request, field(CSRF_FIELD))) {
      return {
        refusal: html(request, { mode, ...link, error: AUTH_PAGE_MESSAGES.foreignForm }, 403),
      }
    }
    if (!link)
      return { refusal: html(request, { mode, error: AUTH_PAGE_MESSAGES.invalidLink }, 400) }
    return {
      link,
      fields: {
        email: field('email'),
        password: field('password'),
        displayName: field('display_name'),
      },
    }
  }

  page.post('/sign-in', async (c) => {
    const form = await readForm(c.req.raw, 'sign-in')
    if ('refusal' in form) return form.refusal
    const { link, fields } = form
    const model = { mode: 'sign-in' as const, ...link, email: fields.email }
    const input = parseSignIn(fields)
    if ('error' in input) {
      return html(c.req.raw, { ...model, error: AUTH_PAGE_MESSAGES[input.error] }, 400)
    }
    const user = await auth.signIn(input.value)
    if (!user) return html(c.req.raw, { ...model, error: AUTH_PAGE_MESSAGES.wrongPassword }, 401)
    return backToApp(c.req.raw, link.redirectUrl, await auth.issueCode(user.id))
  })

  page.post('/sign-up', async (c) => {
    const form = await readForm(c.req.raw, 'sign-up')
    if ('refusal' in form) return form.refusal
    const { link, fields } = form
    const model = {
      mode: 'sign-up' as const,
      ...link,
      email: fields.email,
      displayName: fields.displayName,
    }
    const input = parseSignUp(fields)
    if ('error' in input) {
      return html(c.req.raw, { ...model, error: AUTH_PAGE_MESSAGES[input.error] }, 400)
    }
    const result = await auth.signUp(input.value)
    if ('error' in result) {
      return html(c.req.raw, { ...model, error: AUTH_PAGE_MESSAGES.email_taken }, 409)
    }
    return backToApp(c.req.raw, link.redirectUrl, await auth.issueCode(result.user.id))
  })

  return page
}
