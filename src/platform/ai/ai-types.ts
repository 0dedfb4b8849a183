import type { ObjectOutput } from '../../../contract/ai-object'
import type { TextSource, TokenUsage } from '../../../contract/ai-text'

export type MessageRole = 'system' | 'user' | 'assistant'

export type MessagePart = { type: 'text'; text: string } | { type: 'image'; image: string }

export interface ChatMessage {
  role: MessageRole
  content: string | MessagePart[]
}

export interface TextOptions {
  prompt?: string
  messages?: ChatMessage[]
  model?: string
  /** Let the model search the web; the answer then lists its sources. */
  search?: boolean
  maxSteps?: number
  maxTokens?: number
  temperature?: number
  signal?: AbortSignal
}

export interface TextResult {
  text: string
  usage: TokenUsage
  finishReason: string
  sources?: TextSource[]
}

export interface StreamResult extends TextResult {
  messageId: string | null
  /** Every `2:` item (status and partial objects), in arrival order. */
  data: unknown[]
}

export interface ObjectOptions {
  prompt: string
  /** A JSON schema; sent as written (its property names are not re-cased). */
  schema?: Record<string, unknown>
  output?: ObjectOutput
  enum?: string[]
  model?: string
  signal?: AbortSignal
}

export interface ObjectResult<T = unknown> {
  object: T
  usage: TokenUsage
  finishReason: string
}

export type ImageSize =
  | 'auto'
  | '1024x1024'
  | '1536x1024'
  | '1024x1536'
  | '256x256'
  | '512x512'
  | '1792x1024'
  | '1024x1792'

export interface ImageOptions {
  prompt: string
  /** HTTPS URLs of jpg, jpeg, png, gif or webp images to start from (at most 16). */
  images?: string[]
  size?: ImageSize
  quality?: 'auto' | 'low' | 'medium' | 'high' | 'standard' | 'hd'
  n?: number
  background?: 'auto' | 'transparent' | 'opaque'
  model?: string
  signal?: AbortSignal
}

export interface ModifyImageOptions extends ImageOptions {
  images: string[]
}

export interface ImageResult {
  data: Array<{ url: string }>
}

export interface SpeechOptions {
  text: string
  voice?: string
  model?: string
  response_format?: string
  speed?: number
  signal?: AbortSignal
}

export interface SpeechResult {
  url: string
  voice: string
  format: string
  mimeType: string
}

/** Audio as a string (base64, data: URL or http(s) URL), a byte list, or bytes. */
export type AudioInput = string | number[] | Uint8Array | ArrayBuffer

export interface TranscribeOptions {
  audio: AudioInput
  model?: string
  language?: string
  response_format?: string
  signal?: AbortSignal
}

export interface TranscribeResult {
  text: string
  transcript: string
}
