import type { TextSource, TokenUsage } from '../../../contract/ai-text'
import { isPlainObject } from '../http/json-error'
import {
  AiInputError,
  type Body,
  countTokens,
  optionalBoolean,
  optionalNumber,
  optionalString,
} from './ai-input'

const ROLES = ['system', 'user', 'assistant', 'tool'] as const
type Role = (typeof ROLES)[number]

export interface ChatTurn {
  role: Role
  text: string
}

export interface TextRequest {
  turns: ChatTurn[]
  model: string
  search: boolean
  maxSteps: number
  maxTokens: number | undefined
  temperature: number | undefined
  stream: boolean
}

export interface TextResult {
  text: string
  finishReason: 'stop' | 'length'
  usage: TokenUsage
  sources: TextSource[] | undefined
}

export const DEFAULT_TEXT_MODEL = 'gpt-4.1-mini'

/** A message's content: a string, or a list of parts of which the text parts count. */
function contentText(content: unknown, index: number): string {
  if (typeof content === 'string') return content
  if (Array.isArray(content)) {
    return content
      .map((part) => {
        if (!isPlainObject(part) || typeof part.type !== 'string')
          throw new AiInputError(`messages[${index}].content parts must be objects with a type`)
        return part.type === 'text' && typeof part.text === 'string' ? part.text : ''
      })
      .filter(Boolean)
      .join(' ')
  }
  throw new AiInputError(`messages[${index}].content must be a string or a list of parts`)
}

function readMessages(value: unknown): ChatTurn[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) throw new AiInputError('messages must be a list')
  return value.map((message, index) => {
    if (!isPlainObject(message)) throw new AiInputError(`messages[${index}] must be an object`)
    if (!(ROLES as readonly unknown[]).includes(message.role))
      throw new AiInputError(`messages[${index}].role must be one of: ${ROLES.join(', ')}`)
    return { role: message.role as Role, text: contentText(message.content, index) }
  })
}

const STEPS = { min: 1, max: 100, integer: true }
const TOKENS = { min: 1, max: 100_000, integer: true }

/** Reads and checks a text request; a prompt given beside messages is one more user turn. */
export function readTextRequest(body: Body): TextRequest {
  const prompt = optionalString(body, 'prompt')
  const turns = readMessages(body.messages)
  if (prompt?.trim()) turns.push({ role: 'user', text: prompt })
  if (turns.length === 0) throw new AiInputError('prompt or messages is required')
  return {
    turns,
    model: optionalString(body, 'model') || DEFAULT_TEXT_MODEL,
    search: optionalBoolean(body, 'search') ?? false,
    // The hosted SDK sends these two in camelCase (docs/wire-contract.md#what-still-differs-with-the-hosted-sdk).
    maxSteps:
      optionalNumber(body, 'max_steps', STEPS) ?? optionalNumber(body, 'maxSteps', STEPS) ?? 1,
    maxTokens:
      optionalNumber(body, 'max_tokens', TOKENS) ?? optionalNumber(body, 'maxTokens', TOKENS),
    temperature: optionalNumber(body, 'temperature', { min: 0, max: 2 }),
    stream: optionalBoolean(body, 'stream') ?? false,
  }
}

/** Offline "web search": stable, well-formed sources derived from the question. */
export function sourcesFor(query: string): TextSource[] {
  const q = encodeURIComponent(query.trim().slice(0, 200))
  return [
    {
      id: 'source-1',
      url: `https://en.wikipedia.org/w/index.php?search=${q}`,
      title: `Wikipedia: ${query.trim().slice(0, 80)}`,
    },
    {
      id: 'source-2',
      url: `https://duckduckgo.com/?q=${q}`,
      title: `Web results for ${query.trim().slice(0, 80)}`,
    },
  ]
}

/**
 * The mock model: an echo of the last user turn, so tests can predict every word. Words are
 * tokens; a reply longer than maxTokens is cut there with finish reason 'length'.
 */
export function generateText(request: TextRequest): TextResult {
  const lastUser = [...request.turns].reverse().find((turn) => turn.role === 'user')
  const question = (lastUser ?? request.turns[request.turns.length - 1]!).text.trim()
  const sources = request.search ? sourcesFor(question) : undefined
  const full = sources ? `Echo: ${question} [${sources.length} sources]` : `Echo: ${question}`
  const words = full.split(/\s+/)
  const cut = request.maxTokens !== undefined && words.length > request.maxTokens
  const text = cut ? words.slice(0, request.maxTokens).join(' ') : full
  const promptTokens = request.turns.reduce((sum, turn) => sum + countTokens(turn.text), 0)
  const completionTokens = countTokens(text)
  return {
    text,
    finishReason: cut ? 'length' : 'stop',
    usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens },
    sources,
  }
}

/** The text in stream-sized pieces: each word with the space after it. */
export function textChunks(text: string): string[] {
  return text.match(/\S+\s*/g) ?? []
}
