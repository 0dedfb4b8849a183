import type { ActivePrompt } from '../domain/prompt-types'

/**
 * What a session actor tells the app machine, which routes it on to the actors concerned
 * (app.machine.ts; the generated map is docs/machines/actor-map.md). The children send these
 * with `sendParent` from their routing actions; a child's own tests replace those actions.
 */
export type AppReport =
  /** The active system prompt was loaded, activated or deactivated. */
  | { type: 'activePrompt.changed'; prompt: ActivePrompt | null }
  /** The user's prompts changed: lists showing them are stale. */
  | { type: 'prompts.changed' }
  /** A prompt left the user's library (deleted, or hidden). */
  | { type: 'prompt.deleted'; promptId: string }
  /** Text for the chat's message input. */
  | { type: 'chat.fill'; content: string }
  /** Send what the chat's input holds. */
  | { type: 'chat.submit' }
  /** The user picked a model for the chat. */
  | { type: 'model.chosen'; modelId: string }
