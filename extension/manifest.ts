/**
 * The extension's manifest (Manifest V3), for one app origin. Permissions are the minimum
 * (extension/README.md, "Permissions"): `storage`, and host access to the app's origin; the
 * three chat sites are reached only by the content script declared for them.
 */

export const CHAT_SITE_MATCHES = [
  'https://chatgpt.com/*',
  'https://claude.ai/*',
  'https://gemini.google.com/*',
] as const

export const DEFAULT_APP_ORIGIN = 'http://localhost:3000'

/** The origin to build for (`EXTENSION_APP_ORIGIN`, default `http://localhost:3000`); throws if it is not one. */
export function appOriginFrom(value: string | undefined): string {
  const raw = value?.trim() || DEFAULT_APP_ORIGIN
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`EXTENSION_APP_ORIGIN is not a URL: ${raw}`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`EXTENSION_APP_ORIGIN must be http(s): ${raw}`)
  }
  if (url.origin !== raw.replace(/\/$/, '')) {
    throw new Error(`EXTENSION_APP_ORIGIN must be an origin only (no path): ${raw}`)
  }
  return url.origin
}

export function createManifest(appOrigin: string, version: string) {
  const app = `${appOrigin}/*`
  return {
    manifest_version: 3,
    name: 'Prompt Chat',
    version,
    description: 'Your Prompt Chat prompts on ChatGPT, Claude and Gemini.',
    minimum_chrome_version: '116',
    icons: { '16': 'icons/icon-16.png', '48': 'icons/icon-48.png', '128': 'icons/icon-128.png' },
    permissions: ['storage'],
    host_permissions: [app],
    background: { service_worker: 'background.js' },
    content_scripts: [
      { matches: [app], js: ['app-content.js'], run_at: 'document_idle' },
      { matches: [...CHAT_SITE_MATCHES], js: ['chat-content.js'], run_at: 'document_idle' },
    ],
    // The menu's frame: only the chat sites may frame it, and they cannot read or script it
    // (docs/security.md "The extension menu lives in the extension's frame").
    web_accessible_resources: [{ resources: ['menu.html'], matches: [...CHAT_SITE_MATCHES] }],
  }
}
