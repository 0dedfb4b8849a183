import type { ProviderName } from '../domain/chat-types'
import { parseOriginList, trustedParentOrigins } from '../platform/index'
import { DEFAULT_BASE_URLS } from '../providers/base-urls'
import type { ProviderBaseUrls } from '../providers/provider-call'

/**
 * Where the platform lives. Both hosts default to the page's own origin, which is where the
 * local mock platform serves; the project id is fixed at build time.
 */
export interface AppConfig {
  authUrl: string
  coreUrl: string
  projectId: string
  /** Where each LLM provider's API is called; the real APIs unless configured otherwise. */
  providerBaseUrls: ProviderBaseUrls
  /**
   * The origins a parent window may hand tokens or a logout from: the auth host, the app's
   * own, and VITE_TRUSTED_PARENT_ORIGINS (default: Vite's dev server) (docs/security.md).
   */
  trustedParentOrigins: string[]
}

/**
 * Id of the `<script type="application/json">` the server may inject into index.html. The app
 * is built once, so this is how a server (e.g. with FAKE_PROVIDERS=1) points it elsewhere.
 */
export const APP_CONFIG_ELEMENT_ID = 'app-config'

export const DEFAULT_PROJECT_ID = 'prompt-chat'

const PROVIDER_ENV: Record<ProviderName, string> = {
  openai: 'VITE_OPENAI_BASE_URL',
  anthropic: 'VITE_ANTHROPIC_BASE_URL',
  google: 'VITE_GOOGLE_BASE_URL',
}

/**
 * `injected` is the text of the page's app-config element, if any. Each provider's base URL
 * comes from it first, then from the build-time VITE_*_BASE_URL, then the real API.
 */
export function readAppConfig(
  env: Record<string, string | undefined>,
  origin: string,
  injected?: string | null,
): AppConfig {
  const runtime = parseInjected(injected)
  const providerBaseUrls = { ...DEFAULT_BASE_URLS }
  for (const provider of Object.keys(PROVIDER_ENV) as ProviderName[]) {
    const configured =
      absoluteUrl(runtime?.[provider], origin) ?? absoluteUrl(env[PROVIDER_ENV[provider]], origin)
    if (configured) providerBaseUrls[provider] = configured
  }
  const authUrl = trimSlash(env.VITE_AUTH_URL || origin)
  return {
    authUrl,
    coreUrl: trimSlash(env.VITE_CORE_URL || origin),
    projectId: env.VITE_PROJECT_ID || DEFAULT_PROJECT_ID,
    providerBaseUrls,
    trustedParentOrigins: trustedParentOrigins(
      authUrl,
      origin,
      parseOriginList(env.VITE_TRUSTED_PARENT_ORIGINS),
    ),
  }
}

/** The injected `providerBaseUrls`; anything malformed is ignored rather than fatal. */
function parseInjected(text: string | null | undefined): Record<string, unknown> | undefined {
  if (!text) return undefined
  try {
    const parsed: unknown = JSON.parse(text)
    const urls = (parsed as { providerBaseUrls?: unknown } | null)?.providerBaseUrls
    return typeof urls === 'object' && urls !== null ? (urls as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/** A configured URL made absolute against the page (paths are allowed); undefined if unusable. */
function absoluteUrl(value: unknown, origin: string): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined
  try {
    const url = new URL(value.trim(), origin)
    // Keys are sent there: only ever over HTTP(S).
    return url.protocol === 'https:' || url.protocol === 'http:' ? trimSlash(url.href) : undefined
  } catch {
    return undefined
  }
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '')
}
