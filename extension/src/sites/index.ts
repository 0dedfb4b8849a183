import { chatgptAdapter } from './chatgpt'
import { claudeAdapter } from './claude'
import { geminiAdapter } from './gemini'
import type { SiteAdapter } from './site-adapter'

export const SITE_ADAPTERS: readonly SiteAdapter[] = [chatgptAdapter, claudeAdapter, geminiAdapter]

/** The adapter for the page's hostname, or null on any other site. */
export function adapterFor(hostname: string): SiteAdapter | null {
  return SITE_ADAPTERS.find((site) => site.hostname === hostname) ?? null
}
