import * as v from 'valibot'
import type { ExtensionReply, ExtensionRequest } from '../../src/domain/extension-bridge-messages'

/**
 * What the extension reads from the app's page-message bridge
 * (docs/product/calls.md#extension-bridge). The requests are the app's own schema
 * (src/domain/extension-bridge-messages.ts); the replies are checked here, keeping only the
 * fields the extension uses, so an extra or renamed field the extension does not read cannot
 * break it.
 */
export type { ExtensionRequest }

const Id = v.pipe(v.string(), v.minLength(1))

const UserSchema = v.object({
  id: Id,
  email: v.string(),
  displayName: v.nullish(v.string()),
})

const UserPromptSchema = v.object({
  id: Id,
  title: v.string(),
  content: v.string(),
  averageRating: v.pipe(v.number(), v.finite()),
  totalRatings: v.pipe(v.number(), v.integer(), v.minValue(0)),
})

const SystemPromptSchema = v.object({
  id: Id,
  title: v.string(),
  content: v.string(),
  isActive: v.boolean(),
})

const ReplySchema = v.variant('type', [
  v.object({ type: v.literal('USER_DATA'), user: UserSchema }),
  v.object({ type: v.literal('NO_USER') }),
  v.object({
    type: v.literal('PROMPTS_DATA'),
    userPrompts: v.array(UserPromptSchema),
    systemPrompts: v.array(SystemPromptSchema),
    activeSystemPrompt: v.nullable(SystemPromptSchema),
  }),
  v.object({ type: v.literal('SYSTEM_PROMPT_UPDATED'), promptId: Id, isActive: v.boolean() }),
])

export type BridgeReply = v.InferOutput<typeof ReplySchema>
export type BridgeUser = v.InferOutput<typeof UserSchema>
/** A user prompt as the menu shows it. */
export type MenuUserPrompt = v.InferOutput<typeof UserPromptSchema>
/** A system prompt as the menu shows it. */
export type MenuSystemPrompt = v.InferOutput<typeof SystemPromptSchema>

// Compile-time check: every reply the app can post (src/domain) is one this schema reads.
const _appRepliesAreReadable = (reply: ExtensionReply): v.InferInput<typeof ReplySchema> => reply
void _appRepliesAreReadable

export type ReplyOf<T extends BridgeReply['type']> = Extract<BridgeReply, { type: T }>

/** A guard for replies of the given types (what a request waits for). */
export const isReplyOf =
  <T extends BridgeReply['type']>(...types: T[]) =>
  (reply: BridgeReply): reply is ReplyOf<T> =>
    (types as string[]).includes(reply.type)

/** The reply a page message carries, or null (never throws). */
export function parseBridgeReply(data: unknown): BridgeReply | null {
  try {
    const result = v.safeParse(ReplySchema, data)
    return result.success ? result.output : null
  } catch {
    return null
  }
}
