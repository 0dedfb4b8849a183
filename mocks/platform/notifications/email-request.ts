import addressparser from 'nodemailer/lib/addressparser'
import {
  EMAIL_FIELDS_REQUIRED,
  hasRequiredEmailFields,
} from '../../../src/platform/notifications/email-rules'
import { isPlainObject } from '../http/json-error'

/** An e-mail as the platform keeps and delivers it, addresses checked. */
export interface EmailMessage {
  from: string
  to: string[]
  cc: string[]
  bcc: string[]
  replyTo: string | null
  subject: string
  html: string | null
  text: string | null
}

export type EmailParse = { ok: true; message: EmailMessage } | { ok: false; message: string }

export const MAX_RECIPIENTS = 50
export const MAX_BODY_CHARS = 1_000_000
const MAX_SUBJECT_CHARS = 998

// The WHATWG definition of a valid e-mail address (what <input type=email> accepts).
const ADDRESS =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/** One mailbox, `a@b.example` or `Ann <a@b.example>`; null when it is not exactly one valid one. */
export function parseMailbox(value: string): string | null {
  if (/[\r\n]/.test(value)) return null
  const parsed = addressparser(value, { flatten: true })
  if (parsed.length !== 1 || !ADDRESS.test(parsed[0]!.address)) return null
  return value.trim()
}

const listOf = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]

/**
 * Validates a send request (snake_case from the SDK, camelCase from other callers) into a
 * message, or says exactly what is wrong. `defaultFrom` applies when no `from` is given.
 */
export function parseEmailRequest(body: unknown, defaultFrom: string): EmailParse {
  if (!isPlainObject(body) || !hasRequiredEmailFields(body)) {
    return { ok: false, message: EMAIL_FIELDS_REQUIRED }
  }
  const fields: Record<string, unknown[]> = {
    to: listOf(body.to),
    cc: listOf(body.cc),
    bcc: listOf(body.bcc),
    replyTo: listOf(body.reply_to ?? body.replyTo),
    from: listOf(body.from),
  }
  const checked: Record<string, string[]> = {}
  for (const [field, values] of Object.entries(fields)) {
    checked[field] = []
    for (const value of values) {
      const mailbox = typeof value === 'string' ? parseMailbox(value) : null
      if (!mailbox)
        return { ok: false, message: `Invalid email address in ${field}: ${String(value)}` }
      checked[field]!.push(mailbox)
    }
  }
  const recipients = checked.to!.length + checked.cc!.length + checked.bcc!.length
  if (recipients > MAX_RECIPIENTS) {
    return { ok: false, message: `At most ${MAX_RECIPIENTS} recipients per message` }
  }
  if (checked.from!.length > 1 || checked.replyTo!.length > 1) {
    return { ok: false, message: 'from and replyTo take one address each' }
  }
  const subject = String(body.subject)
  if (/[\r\n]/.test(subject) || subject.length > MAX_SUBJECT_CHARS) {
    return {
      ok: false,
      message: `subject must be one line of at most ${MAX_SUBJECT_CHARS} characters`,
    }
  }
  const html = typeof body.html === 'string' && body.html !== '' ? body.html : null
  const text = typeof body.text === 'string' && body.text !== '' ? body.text : null
  if ((html?.length ?? 0) + (text?.length ?? 0) > MAX_BODY_CHARS) {
    return { ok: false, message: `The message body may not exceed ${MAX_BODY_CHARS} characters` }
  }
  return {
    ok: true,
    message: {
      from: checked.from![0] ?? defaultFrom,
      to: checked.to!,
      cc: checked.cc!,
      bcc: checked.bcc!,
      replyTo: checked.replyTo![0] ?? null,
      subject,
      html,
      text,
    },
  }
}
