import { fromCallback, fromPromise } from 'xstate'
import type { ParentBridge } from '../bridge/parent-window'
import { authMachine } from '../machines/auth.machine'
import type { PlatformClient, TokenSet } from '../platform/index'
import type { AddressBar } from './address-bar'

/**
 * The auth machine's effects. The SDK keeps the tokens and refreshes them; the machine only
 * decides when (docs/architecture.md, "Who owns the tokens").
 */
export function provideAuth(platform: PlatformClient, bridge: ParentBridge, address: AddressBar) {
  const { auth } = platform
  return authMachine.provide({
    actors: {
      'listen to parent': fromCallback(({ sendBack }) =>
        bridge.listen((message) => {
          if (message.type === 'AUTH_TOKENS') {
            sendBack({ type: 'parent.tokens', tokens: message.tokens })
          } else sendBack({ type: 'parent.logout' })
        }),
      ),
      'read redirect': fromPromise(async () => {
        const redirect = auth.readRedirect(address.currentHref())
        if (redirect.changed) address.replaceHref(redirect.cleanedHref)
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
      // Tokens from the parent or the address become the SDK's before anything uses them.
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
      'redirect to login': () => address.navigate(auth.loginUrl(address.currentHref())),
      'clear tokens': () => {
        void auth.logout()
      },
      navigate: (_, { url }: { url: string }) => address.navigate(url),
    },
  })
}
