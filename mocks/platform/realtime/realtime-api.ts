import { type Context, Hono } from 'hono'
import { callerOf } from '../auth/caller'
import { apiError, readJson } from '../http/json-error'
import type { PlatformDeps } from '../platform-deps'
import type { RequestRole } from '../rest/request-role'
import { RestError } from '../rest/rest-error'
import { parseHistoryQuery } from './history-query'
import { UnknownMessageError } from './message-history'
import { createRealtimeHub, type RealtimeHub, type RealtimeHubOptions } from './realtime-hub'
import { publishRequestOf } from './realtime-protocol'

// One hub per platform: the HTTP routes, the local server's sockets and MSW's share it.
const hubs = new WeakMap<PlatformDeps, RealtimeHub>()

/** The platform's realtime hub (created with the defaults on first use). */
export function getRealtimeHub(deps: PlatformDeps): RealtimeHub {
  let hub = hubs.get(deps)
  if (!hub) {
    hub = createRealtimeHub(deps)
    hubs.set(deps, hub)
  }
  return hub
}

/**
 * Creates the platform's hub with `options` (the local server: required auth, the other
 * servers on its PostgreSQL), before it serves anything. Throws if the hub already exists.
 */
export function createPlatformRealtimeHub(
  deps: PlatformDeps,
  options: RealtimeHubOptions,
): RealtimeHub {
  if (hubs.has(deps)) throw new Error('The realtime hub of this platform is already running')
  const hub = createRealtimeHub(deps, options)
  hubs.set(deps, hub)
  return hub
}

type SignedIn = Extract<RequestRole, { role: 'authenticated' }>

/**
 * `/api/realtime/{projectId}/…`: `GET messages?channel&limit&start&end` (history, oldest
 * first), `GET presence?channel` (who is on the channel now) and `POST publish {channel,
 * type, data, metadata}` (stored and fanned out to the channel's sockets). Sign-in required,
 * even while the socket accepts anonymous callers (docs/security.md, "Realtime sockets").
 * Keys are camelCase both ways (`userId`, `messageId`): message data is the caller's own JSON.
 */
export function realtimeApi(deps: PlatformDeps) {
  // Looked up per request, so a server can set the hub up after creating the platform.
  const hub = () => getRealtimeHub(deps)
  const app = new Hono()

  async function signedIn(c: Context): Promise<SignedIn | Response> {
    if (c.req.param('projectId') !== deps.projectId) {
      return apiError(404, 'NOT_FOUND', 'Unknown project')
    }
    try {
      const caller = await callerOf(c.req.raw, deps.accessTokens)
      if (caller.role === 'anon') {
        return apiError(401, 'UNAUTHORIZED', 'Sign in to use realtime channels')
      }
      return caller
    } catch (error) {
      if (error instanceof RestError) return error.toResponse()
      throw error
    }
  }

  app.get('/:projectId/messages', async (c) => {
    const caller = await signedIn(c)
    if (caller instanceof Response) return caller
    const query = parseHistoryQuery(new URL(c.req.url).searchParams)
    if ('error' in query) return apiError(400, 'INVALID_REQUEST', query.error)
    try {
      return c.json({ messages: await hub().history.list(caller, query) })
    } catch (error) {
      if (error instanceof UnknownMessageError) {
        return apiError(400, 'INVALID_REQUEST', error.message)
      }
      throw error
    }
  })

  app.get('/:projectId/presence', async (c) => {
    const caller = await signedIn(c)
    if (caller instanceof Response) return caller
    const channel = c.req.query('channel')?.trim()
    if (!channel) return apiError(400, 'INVALID_REQUEST', 'channel is required')
    return c.json({ channel, users: await hub().presence(channel) })
  })

  app.post('/:projectId/publish', async (c) => {
    const caller = await signedIn(c)
    if (caller instanceof Response) return caller
    const body = await readJson(c.req.raw)
    if (body === undefined) return apiError(400, 'INVALID_JSON', 'The body must be valid JSON')
    const request = publishRequestOf(body)
    if ('error' in request) return apiError(400, 'INVALID_REQUEST', request.error)
    const message = await hub().publish(caller.claims, request)
    return c.json({ messageId: message.id, message })
  })

  return app
}
