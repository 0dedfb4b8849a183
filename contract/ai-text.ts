/**
 * The AI text answer on the wire, whole or streamed. The SDK reads it; the platform writes it.
 * Streamed, it is `<code>:<json>` lines, close to the Vercel AI SDK v4 data stream, except that
 * `e:` carries an error here (docs/wire-contract.md, "AI text streaming").
 */

/** Token counts of one generation (snake_case on the wire, camelCase once the SDK reads it). */
export interface TokenUsage {
  promptTokens: number
  completionTokens: number
  totalTokens: number
}

/** A web page a text answer drew on (requests with `search`). */
export interface TextSource {
  id: string
  url: string
  title: string
}

/** One line of a streamed answer. */
export type StreamPart =
  | { code: 'f'; value: { messageId: string } }
  | { code: '0'; value: string }
  | { code: '2'; value: unknown[] }
  | { code: 'd'; value: { finishReason: string; usage: TokenUsage } }
  | { code: 'e'; value: { error: string } }
