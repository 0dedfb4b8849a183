/** What the deterministic reply is made from. */
export interface ReplyInput {
  providerLabel: string
  model: string
  lastUserMessage: string
  /** System text as the provider received it; undefined when there was none. */
  systemPrompt: string | undefined
  turnCount: number
}

const SYSTEM_PREVIEW_WORDS = 5

/**
 * A short markdown reply derived only from the input: bold text and a list always, a fenced
 * code block when the user mentions "code". It names the first words of the system prompt,
 * so e2e can see which system prompt went first.
 */
export function fakeReply(input: ReplyInput): string {
  const lines = [
    `**${input.providerLabel} fake reply** (${input.model})`,
    '',
    `You said: ${input.lastUserMessage}`,
    '',
    `- System prompt: ${systemPreview(input.systemPrompt)}`,
    `- Turns received: ${input.turnCount}`,
  ]
  if (/code/i.test(input.lastUserMessage)) {
    lines.push('', '```ts', "export const greeting: string = 'Hello from the fake provider'", '```')
  }
  return lines.join('\n')
}

function systemPreview(system: string | undefined): string {
  if (system === undefined) return 'none'
  const words = system.trim().split(/\s+/)
  const preview = words.slice(0, SYSTEM_PREVIEW_WORDS).join(' ')
  return `"${preview}${words.length > SYSTEM_PREVIEW_WORDS ? ' …' : ''}"`
}

/** A stable stand-in for a tokenizer: about four characters per token. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4))
}
