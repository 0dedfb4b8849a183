import { randomBytes } from 'node:crypto'
import { type Context, Hono } from 'hono'
import { callerOf } from '../auth/caller'
import { apiError } from '../http/json-error'
import type { PlatformDeps } from '../platform-deps'
import type { RequestRole } from '../rest/request-role'
import { RestError } from '../rest/rest-error'
import { parseEmailRequest } from './email-request'
import { type Mailer, mailerFromEnvironment } from './mailer'
import { createOutbox } from './outbox'

const DEFAULT_OUTBOX_LIMIT = 50
const MAX_OUTBOX_LIMIT = 200

export interface NotificationsOptions {
  /** How mail leaves; by default SMTP when `SMTP_URL` is set, else the outbox alone. */
  mailer?: Mailer
}

/**
 * `/api/notifications/{projectId}/…`: `POST /email` checks and keeps every message in the
 * sender's outbox (and delivers it over SMTP when configured); `GET /outbox` lists the
 * caller's own messages, newest first.
 */
export function notificationsApi(deps: PlatformDeps, options: NotificationsOptions = {}) {
  const platformAddress = `no-reply@${deps.projectId}.localhost`
  const mailer =
    options.mailer ?? mailerFromEnvironment(process.env, process.env.SMTP_FROM ?? platformAddress)
  const outbox = createOutbox(deps.store)
  const app = new Hono()

  async function signedIn(c: Context) {
    let caller: RequestRole
    try {
      caller = await callerOf(c.req.raw, deps.accessTokens)
    } catch (error) {
      if (error instanceof RestError) return error.toResponse()
      throw error
    }
    if (caller.role === 'anon') return apiError(401, 'UNAUTHORIZED', 'Sign in to use e-mail')
    return caller
  }

  app.use('/:projectId/*', async (c, next) => {
    if (c.req.param('projectId') !== deps.projectId) {
      return apiError(404, 'PROJECT_NOT_FOUND', 'No such project')
    }
    await next()
  })

  app.post('/:projectId/email', async (c) => {
    const caller = await signedIn(c)
    if (caller instanceof Response) return caller
    const text = await c.req.text()
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return apiError(400, 'INVALID_JSON', 'The request body is not valid JSON')
    }
    const parsed = parseEmailRequest(body, platformAddress)
    if (!parsed.ok) return apiError(400, 'VALIDATION_ERROR', parsed.message)

    const id = `email_${randomBytes(16).toString('hex')}`
    const status = mailer.kind === 'smtp' ? 'sending' : 'stored'
    await outbox.add(caller, { id, message: parsed.message, status, now: deps.now() })
    if (mailer.kind === 'outbox') return c.json({ success: true, messageId: id })

    try {
      await mailer.deliver(parsed.message, `<${id}@${deps.projectId}.localhost>`)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      await outbox.recordDelivery(id, { error: reason, now: deps.now() })
      // The reason stays in the outbox; the log gets the kind only (it may quote addresses).
      deps.log(
        `notifications: SMTP delivery failed (${(error as { code?: string }).code ?? 'error'})`,
      )
      return apiError(502, 'DELIVERY_FAILED', 'Email delivery failed', { messageId: id })
    }
    await outbox.recordDelivery(id, { error: null, now: deps.now() })
    return c.json({ success: true, messageId: id })
  })

  app.get('/:projectId/outbox', async (c) => {
    const caller = await signedIn(c)
    if (caller instanceof Response) return caller
    const requested = c.req.query('limit')
    const limit = requested === undefined ? DEFAULT_OUTBOX_LIMIT : Number(requested)
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_OUTBOX_LIMIT) {
      return apiError(
        400,
        'INVALID_LIMIT',
        `limit must be a whole number from 1 to ${MAX_OUTBOX_LIMIT}`,
      )
    }
    return c.json({ messages: await outbox.list(caller, limit) })
  })

  return app
}
