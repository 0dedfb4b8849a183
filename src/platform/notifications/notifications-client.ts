import { EMAIL_FIELDS_REQUIRED, hasRequiredEmailFields } from '../../../contract/email-rules'
import { NotificationsError, PlatformError, ValidationError } from '../errors'
import type { PlatformContext } from '../platform-context'

export interface SendEmailParams {
  to: string | string[]
  subject: string
  html?: string
  text?: string
  from?: string
  replyTo?: string
  cc?: string | string[]
  bcc?: string | string[]
}

export interface SendEmailResult {
  success: boolean
  messageId: string
}

export const INVALID_EMAIL_RESPONSE = 'Invalid response format: missing success'

/** The notifications calls of docs/product/calls.md#platform-calls: e-mail through `/api/notifications/{projectId}/email`. */
export function createNotificationsClient(context: PlatformContext) {
  const base = `/api/notifications/${encodeURIComponent(context.projectId)}`

  async function sendEmail(params: SendEmailParams): Promise<SendEmailResult> {
    if (!params || !hasRequiredEmailFields(params)) throw new ValidationError(EMAIL_FIELDS_REQUIRED)
    let data: { success?: unknown; messageId?: unknown } | null
    try {
      data = (
        await context.http.request<typeof data>(`${base}/email`, { method: 'POST', body: params })
      ).data
    } catch (error) {
      // Auth (401), validation (400) and network errors keep their class; the rest are ours.
      if (error instanceof PlatformError && error.code === 'HTTP_ERROR') {
        throw new NotificationsError(error.message, {
          status: error.status,
          details: error.details,
          cause: error,
        })
      }
      throw error
    }
    if (typeof data?.success !== 'boolean') {
      throw new NotificationsError(INVALID_EMAIL_RESPONSE, { status: 200, details: data })
    }
    return {
      success: data.success,
      messageId: typeof data.messageId === 'string' ? data.messageId : '',
    }
  }

  return { sendEmail }
}

export type NotificationsClient = ReturnType<typeof createNotificationsClient>
