import { createActor, fromCallback, fromPromise } from 'xstate'
import { authMachine } from '../machines/auth.machine'
import { isTrustedParentOrigin, type PlatformClient } from '../platform/index'
import type { TokenSet } from '../platform/types'
import type { BrowserEnv } from './browser-env'

// Parent windows (an embedding host page) may hand us tokens or ask us to sign out.
type ParentMessage = { type: 'AUTH_TOKENS'; tokens: TokenSet } | { type: 'AUTH_LOGOUT' }

function parseParentMessage(data: unknown): ParentMessage | null {
  if (!data || typeof data !== 'object') return null
  const message = data as { type?: unknown; tokens?: Partial<TokenSet> }
  if (message.type === 'AUTH_LOGOUT') return { type: 'AUTH_LOGOUT' }
  const tokens = message.tokens
  if (message.type === 'AUTH_TOKENS' && typeof tokens?.access_token === 'string') {
    return {
      type: 'AUTH_TOKENS',
      tokens: {
        access_token: tokens.access_token,
        refresh_token: typeof tokens.refresh_token === 'string' ? tokens.refresh_token : undefined,
        token_type: 'Bearer',
        expires_in: Number(tokens.expires_in) || 900,
        refresh_expires_in: Number(tokens.refresh_expires_in) || undefined,
        issued_at: Number(tokens.issued_at) || Math.floor(Date.now() / 1000),
      },
    }
  }
  return null
}

/** The auth machine with its effects supplied by the SDK and the browser. */
export function createAuthActor(
  platform: PlatformClient,
  env: BrowserEnv,
  options: { authUrl: string; authRequired?: boolean },
) {
  const { auth } = platform
  const machine = authMachine.provide({
    actors: {
      'listen to parent': fromCallback(({ sendBack }) =>
        env.onMessage(({ origin, data }) => {
          if (!isTrustedParentOrigin(origin, options.authUrl)) return
          const message = parseParentMessage(data)
          if (message?.type === 'AUTH_TOKENS')
            sendBack({ type: 'parent.tokens', tokens: message.tokens })
          if (message?.type === 'AUTH_LOGOUT') sendBack({ type: 'parent.logout' })
        }),
      ),
      'read redirect': fromPromise(async () => {
        const redirect = auth.readRedirect(env.currentHref())
        if (redirect.changed) env.replaceHref(redirect.cleanedHref)
        if (redirect.tokens) return { tokens: redirect.tokens }
        if (redirect.code) return { tokens: await auth.exchangeCode(redirect.code) }
        return { tokens: null }
      }),
      'restore session': fromPromise(async () => {
        if (!auth.getTokens()) return null
        await auth.getValidAccessToken()
        const user = await auth.me()
        return { tokens: auth.getTokens()!, user }
      }),
      'load user': fromPromise(async ({ input }: { input: { tokens: TokenSet } }) => {
        auth.setTokens(input.tokens)
        return auth.me()
      }),
      'refresh tokens': fromPromise(() => auth.refresh()),
      'listen to tokens': fromCallback(({ sendBack }) =>
        auth.onTokensChange((tokens) => {
          if (tokens) sendBack({ type: 'tokens.refreshed', tokens })
        }),
      ),
    },
    actions: {
      'redirect to login': () => env.navigate(auth.loginUrl(env.currentHref())),
      'clear tokens': () => {
        void auth.logout()
      },
      navigate: (_, { url }: { url: string }) => env.navigate(url),
    },
  })
  return createActor(machine, {
    input: { inIframe: env.inIframe, authRequired: options.authRequired ?? false },
  })
}
