import { createHash } from 'node:crypto'
import { MAX_DISPLAY_NAME_LENGTH, MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH } from './auth-input'
import { CSRF_FIELD } from './form-csrf'

export type AuthMode = 'sign-in' | 'sign-up'

export interface AuthPageModel {
  mode: AuthMode
  /** Absent when the link itself is not valid: the page then shows only the error. */
  redirectUrl?: string
  projectId?: string
  /** The form's CSRF token (form-csrf.ts); the form is shown only with one. */
  csrfToken?: string
  email?: string
  displayName?: string
  error?: string
}

/**
 * The page's own address for a link and mode. Absolute, so that a tab works from whatever
 * address the page is shown at (a form's answer is shown at /auth/sign-in or /auth/sign-up).
 */
export function authPageAddress(link: { redirectUrl: string; projectId: string }, mode: AuthMode) {
  const query = new URLSearchParams({
    redirect_url: link.redirectUrl,
    project_id: link.projectId,
    mode,
  })
  return `/auth?${query}`
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  )

// Follows the app's theme choice (same origin, same local-storage key) before first paint.
const THEME_SCRIPT =
  "document.documentElement.className=localStorage.getItem('theme')==='light'?'light':'dark'"

// A form's answer (an error) is a page the browser got by POST: Back or reload would post it
// again (or show ERR_CACHE_MISS). Its history entry becomes the page's own GET address instead
// (docs/security.md, "The hosted page's answers").
const ADDRESS_SCRIPT =
  "var a=document.documentElement.dataset.address;if(a)history.replaceState(null,'',a)"

const hashOf = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`

/**
 * The Content-Security-Policy: nothing but our own inline style and this one script; the form
 * goes to the page itself, whose answer sends the browser on to one of `appOrigins` only.
 */
export function authPagePolicy(appOrigins: readonly string[]): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    'img-src data:',
    ['form-action', "'self'", ...appOrigins].join(' '),
    "frame-ancestors 'none'",
    "base-uri 'none'",
    `script-src ${hashOf(THEME_SCRIPT)} ${hashOf(ADDRESS_SCRIPT)}`,
  ].join('; ')
}

const STYLE = `
  :root { color-scheme: dark; --bg: #09090b; --card: #18181b; --fg: #fafafa; --muted: #a1a1aa;
    --border: #27272a; --input: #09090b; --primary: #6366f1; --primary-fg: #fff; --danger: #f87171; }
  :root.light { color-scheme: light; --bg: #fafafa; --card: #fff; --fg: #18181b; --muted: #52525b;
    --border: #e4e4e7; --input: #fff; --danger: #b91c1c; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 24px;
    background: var(--bg); color: var(--fg);
    font: 16px/1.5 Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', sans-serif; }
  main { width: 100%; max-width: 400px; background: var(--card); border: 1px solid var(--border);
    border-radius: 12px; padding: 32px; box-shadow: 0 10px 30px rgb(0 0 0 / 0.25); }
  .brand { display: flex; align-items: center; gap: 10px; font-weight: 600; margin-bottom: 24px; }
  .logo { width: 32px; height: 32px; border-radius: 8px;
    background: linear-gradient(135deg, var(--primary), #f59e0b);
    display: grid; place-items: center; color: var(--primary-fg); }
  h1 { font-size: 22px; margin: 0 0 4px; }
  p.sub { color: var(--muted); margin: 0 0 20px; font-size: 14px; }
  [role=tablist] { display: grid; grid-template-columns: 1fr 1fr; gap: 4px; padding: 4px;
    border-radius: 8px; background: var(--bg); border: 1px solid var(--border); margin-bottom: 20px; }
  [role=tab] { text-align: center; padding: 6px; border-radius: 6px; color: var(--muted);
    text-decoration: none; font-size: 14px; font-weight: 500; }
  [role=tab][aria-selected=true] { background: var(--card); color: var(--fg); }
  label { display: block; font-size: 14px; font-weight: 500; margin: 14px 0 6px; }
  input[type=email], input[type=password], input[type=text] { width: 100%; padding: 10px 12px;
    border-radius: 8px; border: 1px solid var(--border); background: var(--input); color: var(--fg);
    font: inherit; }
  input:focus-visible, button:focus-visible, a:focus-visible { outline: 2px solid var(--primary);
    outline-offset: 2px; }
  button { width: 100%; margin-top: 22px; padding: 10px 16px; border: 0; border-radius: 8px;
    background: var(--primary); color: var(--primary-fg); font: inherit; font-weight: 600;
    cursor: pointer; }
  button:hover { filter: brightness(1.08); }
  [role=alert] { margin: 0 0 8px; padding: 10px 12px; border-radius: 8px; font-size: 14px;
    color: var(--danger); border: 1px solid currentColor; }
  .hint { color: var(--muted); font-size: 12px; margin-top: 6px; }
`

const LOGO = `<svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/></svg>`

/** The hosted sign-in / sign-up page. Every interpolated value is escaped. */
export function renderAuthPage(model: AuthPageModel): string {
  const signUp = model.mode === 'sign-up'
  const link = { redirectUrl: model.redirectUrl ?? '', projectId: model.projectId ?? '' }
  const tab = (mode: AuthMode) => escapeHtml(authPageAddress(link, mode))
  const alert = model.error ? `<p role="alert">${escapeHtml(model.error)}</p>` : ''
  const form =
    model.redirectUrl && model.csrfToken
      ? `
    <div role="tablist" aria-label="Account">
      <a role="tab" href="${tab('sign-in')}" aria-selected="${!signUp}">Sign in</a>
      <a role="tab" href="${tab('sign-up')}" aria-selected="${signUp}">Create account</a>
    </div>
    ${alert}
    <form method="post" action="/auth/${model.mode}">
      <input type="hidden" name="redirect_url" value="${escapeHtml(model.redirectUrl)}">
      <input type="hidden" name="project_id" value="${escapeHtml(model.projectId ?? '')}">
      <input type="hidden" name="${CSRF_FIELD}" value="${escapeHtml(model.csrfToken)}">
      ${
        signUp
          ? `<label for="display_name">Display name</label>
      <input id="display_name" name="display_name" type="text" autocomplete="name" maxlength="${MAX_DISPLAY_NAME_LENGTH}" value="${escapeHtml(model.displayName ?? '')}">`
          : ''
      }
      <label for="email">E-mail</label>
      <input id="email" name="email" type="email" autocomplete="email" required maxlength="${MAX_EMAIL_LENGTH}" value="${escapeHtml(model.email ?? '')}">
      <label for="password">Password</label>
      <input id="password" name="password" type="password" required maxlength="${MAX_PASSWORD_LENGTH}"
        autocomplete="${signUp ? 'new-password' : 'current-password'}"${signUp ? ' minlength="8" aria-describedby="password-hint"' : ''}>
      ${signUp ? '<p class="hint" id="password-hint">At least 8 characters.</p>' : ''}
      <button type="submit">${signUp ? 'Create account' : 'Sign in'}</button>
    </form>`
      : alert
  return `<!doctype html>
<html lang="en" class="dark"${model.redirectUrl ? ` data-address="${tab(model.mode)}"` : ''}>
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>${signUp ? 'Create account' : 'Sign in'} · Prompt Chat</title>
  <script>${THEME_SCRIPT}</script>
  <script>${ADDRESS_SCRIPT}</script>
  <style>${STYLE}</style>
</head>
<body>
  <main>
    <div class="brand"><span class="logo">${LOGO}</span>Prompt Chat</div>
    <h1>${signUp ? 'Create your account' : 'Welcome back'}</h1>
    <p class="sub">${signUp ? 'Start chatting with your own models and prompts.' : 'Sign in to continue to Prompt Chat.'}</p>
    ${form}
  </main>
</body>
</html>`
}
