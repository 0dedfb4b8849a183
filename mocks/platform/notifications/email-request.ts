import addressparser from 'nodemailer/lib/addressparser'
import * as v from 'valibot'
import { EMAIL_FIELDS_REQUIRED, hasRequiredEmailFields } from '../../../contract/email-rules'
import { storableText, textProblem, validate } from '../http/input-schema'
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

/** A refused value as the message quotes it; a list or object by its kind (it may nest deep). */
const shown = (value: unknown) =>
  Array.isArray(value) ? 'a list' : isPlainObject(value) ? 'an object' : String(value)

/** A list of mailboxes (one address or an array of them), each storable and valid. */
function mailboxes(field: string) {
  return v.pipe(
    v.unknown(),
    v.transform(listOf),
    v.array(
      v.pipe(
        v.unknown(),
        // What the outbox's text and jsonb columns refuse, said before parsing.
        v.rawCheck(({ dataset, addIssue }) => {
          const problem = typeof dataset.value === 'string' ? textProblem(dataset.value) : null
          if (problem) addIssue({ message: problem })
        }),
        v.check(
          (value) => typeof value === 'string' && parseMailbox(value) !== null,
          (issue) => `Invalid email address in ${field}: ${shown(issue.input)}`,
        ),
        v.transform((value) => parseMailbox(value as string)!),
      ),
    ),
  )
}

/** html or text: a non-empty string, else null (absent). */
const bodyPart = v.pipe(
  v.unknown(),
  v.transform((value) => (typeof value === 'string' && value !== '' ? value : null)),
  v.nullable(v.pipe(v.string(), storableText())),
)

const emailSchema = v.pipe(
  v.object({
    to: mailboxes('to'),
    cc: mailboxes('cc'),
    bcc: mailboxes('bcc'),
    replyTo: mailboxes('replyTo'),
    from: mailboxes('from'),
    // Present and non-blank: the spec's rule is checked first.
    subject: v.pipe(
      v.string(),
      v.check(
        (subject) => !/[\r\n]/.test(subject) && subject.length <= MAX_SUBJECT_CHARS,
        `must be one line of at most ${MAX_SUBJECT_CHARS} characters`,
      ),
      storableText(),
    ),
    html: bodyPart,
    text: bodyPart,
  }),
  v.check(
    (email) => email.to.length + email.cc.length + email.bcc.length <= MAX_RECIPIENTS,
    `At most ${MAX_RECIPIENTS} recipients per message`,
  ),
  v.check(
    (email) => email.from.length <= 1 && email.replyTo.length <= 1,
    'from and replyTo take one address each',
  ),
  v.check(
    (email) => (email.html?.length ?? 0) + (email.text?.length ?? 0) <= MAX_BODY_CHARS,
    `The message body may not exceed ${MAX_BODY_CHARS} characters`,
  ),
)

/**
 * Validates a send request (snake_case from the SDK, camelCase from other callers) into a
 * message, or says exactly what is wrong. `defaultFrom` applies when no `from` is given.
 */
export function parseEmailRequest(body: unknown, defaultFrom: string): EmailParse {
  if (!isPlainObject(body) || !hasRequiredEmailFields(body)) {
    return { ok: false, message: EMAIL_FIELDS_REQUIRED }
  }
  const checked = validate(emailSchema, {
    to: body.to,
    cc: body.cc,
    bcc: body.bcc,
    replyTo: body.reply_to ?? body.replyTo,
    from: body.from,
    subject: body.subject,
    html: body.html,
    text: body.text,
  })
  if (!checked.ok) return { ok: false, message: checked.message }
  const { from, replyTo, ...message } = checked.value
  return {
    ok: true,
    message: { ...message, from: from[0] ?? defaultFrom, replyTo: replyTo[0] ?? null },
  }
}
