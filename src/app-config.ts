/**
 * Where the platform lives. Both hosts default to the page's own origin, which is where the
 * local mock platform serves; the project id is fixed at build time.
 */
export interface AppConfig {
  authUrl: string
  coreUrl: string
  projectId: string
}

export const DEFAULT_PROJECT_ID = 'prompt-chat'

export function readAppConfig(env: Record<string, string | undefined>, origin: string): AppConfig {
  return {
    authUrl: trimSlash(env.VITE_AUTH_URL || origin),
    coreUrl: trimSlash(env.VITE_CORE_URL || origin),
    projectId: env.VITE_PROJECT_ID || DEFAULT_PROJECT_ID,
  }
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '')
}
