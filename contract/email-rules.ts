/** The rule for an e-mail: the SDK checks it before sending, the platform on receipt. */
export const EMAIL_FIELDS_REQUIRED = 'The to, subject, and either html or text fields are required.'

const filled = (value: unknown): boolean => typeof value === 'string' && value.trim() !== ''

/** `to` is one address or a non-empty list of them. */
function hasRecipients(to: unknown): boolean {
  if (Array.isArray(to)) return to.length > 0 && to.every(filled)
  return filled(to)
}

/** True when `to`, `subject` and one of `html` / `text` are all present and non-blank. */
export function hasRequiredEmailFields(payload: {
  to?: unknown
  subject?: unknown
  html?: unknown
  text?: unknown
}): boolean {
  return (
    hasRecipients(payload.to) &&
    filled(payload.subject) &&
    (filled(payload.html) || filled(payload.text))
  )
}
