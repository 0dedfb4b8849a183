import * as v from 'valibot'

export const MIN_PASSWORD_LENGTH = 8
/** Long enough for any passphrase; bounds the KDF's work per request. */
export const MAX_PASSWORD_LENGTH = 1024
export const MAX_EMAIL_LENGTH = 254
export const MAX_DISPLAY_NAME_LENGTH = 100

// PostgreSQL text cannot hold NUL (a 22021 error, once a 500); no control character is typeable.
const CONTROL = /\p{Cc}/u
const noControl = (value: string) => !CONTROL.test(value)
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Why the hosted page refuses a form: keys of its messages (auth-page.ts). */
export type FormError =
  | 'invalid_email'
  | 'weak_password'
  | 'password_too_long'
  | 'invalid_password'
  | 'invalid_display_name'
  | 'display_name_control'

// Each issue's message is the FormError it stands for.
const email = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(MAX_EMAIL_LENGTH, 'invalid_email'),
  v.check(noControl, 'invalid_email'),
  v.regex(EMAIL, 'invalid_email'),
)
const password = v.pipe(
  v.string(),
  v.maxLength(MAX_PASSWORD_LENGTH, 'password_too_long'),
  v.check(noControl, 'invalid_password'),
)

const signInForm = v.object({ email, password })
const signUpForm = v.object({
  email,
  password: v.pipe(password, v.minLength(MIN_PASSWORD_LENGTH, 'weak_password')),
  displayName: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(MAX_DISPLAY_NAME_LENGTH, 'invalid_display_name'),
    v.check(noControl, 'display_name_control'),
  ),
})

export type SignInInput = v.InferOutput<typeof signInForm>
export type SignUpInput = v.InferOutput<typeof signUpForm>

function parseForm<S extends typeof signInForm | typeof signUpForm>(
  schema: S,
  input: unknown,
): { value: v.InferOutput<S> } | { error: FormError } {
  const result = v.safeParse(schema, input, { abortEarly: true })
  return result.success
    ? { value: result.output }
    : { error: result.issues[0].message as FormError }
}

export const parseSignIn = (input: unknown) => parseForm(signInForm, input)
export const parseSignUp = (input: unknown) => parseForm(signUpForm, input)

/** Refresh tokens and codes are 32 random bytes in base64url (crypto/opaque-token.ts). */
const OPAQUE_TOKEN = /^[\w-]{43}$/
export const isOpaqueToken = (value: string) => OPAQUE_TOKEN.test(value)

/** `display_name` (or `displayName`) of PATCH /api/auth/me: trimmed, empty is null. */
const displayNamePatch = v.nullable(
  v.pipe(
    v.string('display_name must be a string'),
    v.trim(),
    v.maxLength(
      MAX_DISPLAY_NAME_LENGTH,
      `display_name must be at most ${MAX_DISPLAY_NAME_LENGTH} characters`,
    ),
    v.check(noControl, 'display_name must not contain control characters'),
  ),
)
const mePatch = v.object({
  display_name: v.optional(displayNamePatch),
  displayName: v.optional(displayNamePatch),
})

/** The new display name (null clears it; undefined leaves it), or the message of a 400. */
export function parseMePatch(
  body: Record<string, unknown>,
): { displayName: string | null | undefined } | { error: string } {
  const result = v.safeParse(mePatch, body, { abortEarly: true })
  if (!result.success) return { error: result.issues[0].message }
  const { display_name, displayName } = result.output
  const value = display_name !== undefined ? display_name : displayName
  return { displayName: value === undefined ? undefined : value || null }
}
