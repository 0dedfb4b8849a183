import { AIError, PlatformError, ValidationError } from '../errors'
import type { RequestOptions } from '../http-client'
import type { PlatformContext } from '../platform-context'
import {
  expectObject,
  expectString,
  finishReasonFrom,
  invalidResponse,
  usageFrom,
} from './ai-response'
import type {
  ImageOptions,
  ImageResult,
  ModifyImageOptions,
  ObjectOptions,
  ObjectResult,
  SpeechOptions,
  SpeechResult,
  TextOptions,
  TextResult,
  TranscribeOptions,
  TranscribeResult,
} from './ai-types'
import { audioForWire } from './audio-input'
import { checkImageUrls } from './image-url-rules'
import { streamText, streamTextEvents } from './text-stream-client'

function requireText(value: unknown, message: string): string {
  if (typeof value !== 'string' || !value.trim()) throw new ValidationError(message)
  return value
}

/** The AI calls of the platform (docs/product/calls.md#platform-calls), with the client-side rules of docs/product/validation.md */
export function createAiClient(context: PlatformContext) {
  const base = `/api/ai/${encodeURIComponent(context.projectId)}`

  /** POSTs to an AI route; HTTP failures other than 400/401 come back as AIError. */
  async function post(route: string, body: unknown, options: Partial<RequestOptions> = {}) {
    try {
      const { data } = await context.http.request(`${base}/${route}`, {
        method: 'POST',
        body,
        ...options,
      })
      return expectObject(data)
    } catch (error) {
      if (error instanceof PlatformError && error.code === 'HTTP_ERROR')
        throw new AIError(error.message, {
          status: error.status,
          details: error.details,
          cause: error,
        })
      throw error
    }
  }

  function checkTextOptions(options: TextOptions) {
    const hasPrompt = typeof options.prompt === 'string' && options.prompt.trim() !== ''
    const hasMessages = Array.isArray(options.messages) && options.messages.length > 0
    if (!hasPrompt && !hasMessages)
      throw new ValidationError('Either prompt or messages is required')
  }

  async function image(options: ImageOptions, required: boolean): Promise<ImageResult> {
    requireText(options?.prompt, 'Prompt is required')
    const images = checkImageUrls(options.images, required)
    const { signal, ...fields } = options
    const body = await post(
      'image',
      {
        model: 'gpt-image-1',
        ...fields,
        ...(images.length ? { images } : {}),
        response_format: 'url',
      },
      { signal },
    )
    const data = body.data
    if (!Array.isArray(data) || !data.every((item) => typeof item?.url === 'string'))
      throw invalidResponse('data[].url', body)
    return { data: data.map((item: { url: string }) => ({ url: item.url })) }
  }

  return {
    async generateText(options: TextOptions): Promise<TextResult> {
      checkTextOptions(options)
      const { signal, ...fields } = options
      const body = await post('text', { ...fields, stream: false }, { signal })
      const result: TextResult = {
        text: expectString(body, 'text'),
        usage: usageFrom(body.usage),
        finishReason: finishReasonFrom(body),
      }
      if (Array.isArray(body.sources)) result.sources = body.sources as TextResult['sources']
      return result
    },

    /** Streams the answer: `onChunk` gets each text piece as it arrives. */
    async streamText(options: TextOptions, onChunk?: (chunk: string) => void) {
      checkTextOptions(options)
      return streamText(context, options, onChunk)
    },

    /** The same stream as events (start, text, data, finish), for callers that want them all. */
    async *streamTextEvents(options: TextOptions) {
      checkTextOptions(options)
      yield* streamTextEvents(context, options)
    },

    async generateObject<T = unknown>(options: ObjectOptions): Promise<ObjectResult<T>> {
      requireText(options?.prompt, 'Prompt is required')
      const { signal, ...fields } = options
      // Sent and read verbatim: re-casing keys would rename the caller's schema and object.
      const body = await post('object', fields, { signal, convertKeys: false })
      if (!('object' in body)) throw invalidResponse('object', body)
      const usage = body.usage as Record<string, unknown> | undefined
      return {
        object: body.object as T,
        usage: usageFrom({
          promptTokens: usage?.prompt_tokens,
          completionTokens: usage?.completion_tokens,
          totalTokens: usage?.total_tokens,
        }),
        finishReason: typeof body.finish_reason === 'string' ? body.finish_reason : 'stop',
      }
    },

    generateImage(options: ImageOptions): Promise<ImageResult> {
      return image(options, false)
    },

    /** Edits 1 to 16 source images (HTTPS jpg, jpeg, png, gif or webp) by a prompt. */
    modifyImage(options: ModifyImageOptions): Promise<ImageResult> {
      return image(options, true)
    },

    async generateSpeech(options: SpeechOptions): Promise<SpeechResult> {
      requireText(options?.text, 'Text is required')
      const { signal, ...fields } = options
      const body = await post(
        'speech',
        { voice: 'alloy', response_format: 'mp3', ...fields },
        { signal },
      )
      return {
        url: expectString(body, 'url'),
        voice: expectString(body, 'voice'),
        format: expectString(body, 'format'),
        mimeType: expectString(body, 'mimeType'),
      }
    },

    async transcribeAudio(options: TranscribeOptions): Promise<TranscribeResult> {
      const audio = audioForWire(options?.audio)
      const { signal, ...fields } = options
      const body = await post('transcribe', { ...fields, audio }, { signal })
      const text = expectString(body, 'text')
      return { text, transcript: typeof body.transcript === 'string' ? body.transcript : text }
    },
  }
}

export type AiClient = ReturnType<typeof createAiClient>
