import { Hono } from 'hono'
import { callerOf } from '../auth/caller'
import { apiError, readJson } from '../http/json-error'
import type { PlatformDeps } from '../platform-deps'
import { asRequestRole } from '../rest/request-role'
import { RestError } from '../rest/rest-error'
import { createEventsCheck } from './event-validation'

/** `/api/analytics/{projectId}/…`: stores the events the SDK batches (docs/product/calls.md#platform-calls). */
export function analyticsApi(deps: PlatformDeps) {
  const app = new Hono()
  const checkEvents = createEventsCheck(deps.projectId)

  app.post('/:projectId/log', async (c) => {
    if (c.req.param('projectId') !== deps.projectId) {
      return apiError(404, 'NOT_FOUND', 'Unknown project')
    }
    let caller: Awaited<ReturnType<typeof callerOf>>
    try {
      caller = await callerOf(c.req.raw, deps.accessTokens)
    } catch (error) {
      if (error instanceof RestError) return error.toResponse()
      throw error
    }
    const body = await readJson(c.req.raw)
    if (body === undefined) return apiError(400, 'INVALID_REQUEST', 'The body must be JSON')
    const checked = checkEvents(body)
    if (!checked.ok) return apiError(400, 'INVALID_REQUEST', checked.message)

    // Said plainly before row-level security would refuse the batch with a bare 42501.
    const ownId = caller.role === 'authenticated' ? caller.claims.sub : null
    if (checked.events.some((event) => event.userId !== null && event.userId !== ownId)) {
      return apiError(403, 'FORBIDDEN', 'user_id must be the signed-in user or absent')
    }

    const receivedAt = deps.now().toISOString()
    // One statement for the whole batch, under the caller's role so the policies apply.
    const rows = checked.events.map((event) => ({
      type: event.type,
      user_id: event.userId,
      session_id: event.sessionId,
      timestamp: event.timestamp,
      event: event.event,
    }))
    await asRequestRole(deps.store, caller, (tx) =>
      tx.query(
        `insert into analytics_events
           (project_id, type, user_id, session_id, occurred_at, received_at, event)
         select $1, e ->> 'type', e ->> 'user_id', e ->> 'session_id',
           (e ->> 'timestamp')::timestamptz, $2::timestamptz, e -> 'event'
         from jsonb_array_elements($3::jsonb) as e`,
        [deps.projectId, receivedAt, JSON.stringify(rows)],
      ),
    )
    return c.json({ success: true, count: checked.events.length })
  })

  return app
}
