import { isValidFakeKey } from './fake-keys'
import { estimateTokens, fakeReply } from './fake-reply'
import { type FakeStream, sseEvent, streamResponse, tokensOf } from './fake-stream'
import { readTriggers, unreadableResponse } from './fake-triggers'
import type { FakeDeps, ProviderFake, RecordedProviderName } from './fake-types'
import { maskKey } from './mask-key'
import {
  contentProblem,
  OPENAI_IMAGE_TOKENS,
  type OpenAIContent,
  readContent,
} from './openai-content'
import { receiveRequest } from './receive-request'
import { readUserTurn } from './received-attachments'
import { extraKey, invalid, isObject, missingKey } from './shape-check'

const PATH = '/v1/chat/completions'
const MODELS_PATH = '/v1/models'
const REQUIRED_KEYS = ['model', 'messages', 'max_tokens', 'temperature'] as const
const BODY_KEYS = [...REQUIRED_KEYS, 'stream', 'stream_options']
const ROLES = ['system', 'user', 'assistant']
/** Credentials of the other providers: sending them here leaks the key to the wrong place. */
const FOREIGN_HEADERS = ['x-api-key', 'x-goog-api-key', 'anthropic-version']

/** OpenAI's error body: `{ error: { message, type, param, code } }`. */
function openAIError(
  status: number,
  message: string,
  type = 'invalid_request_error',
  code: string | null = null,
  param: string | null = null,
): Response {
  return Response.json({ error: { message, type, param, code } }, { status })
}

function invalidKey(key: string): Response {
  return openAIError(
    401,
    `Incorrect API key provided: ${maskKey(key)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    'invalid_request_error',
    'invalid_api_key',
  )
}

interface OpenAIMessage {
  role: string
  content: OpenAIContent
}

/** The first thing wrong with a chat-completions body, as OpenAI would word it. */
function bodyProblem(body: unknown): string | undefined {
  if (!isObject(body)) return 'We could not parse the JSON body of your request.'
  const extra = extraKey(body, BODY_KEYS)
  if (extra) return `Unrecognized request argument supplied: ${extra}`
  const missing = missingKey(body, REQUIRED_KEYS)
  if (missing) return `Missing required parameter: '${missing}'.`
  if (typeof body.model !== 'string' || !body.model) {
    return invalid('model', 'a model id', body.model)
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return invalid('messages', 'a non-empty array', body.messages)
  }
  for (const [index, message] of body.messages.entries()) {
    const path = `messages[${index}]`
    if (!isObject(message)) return invalid(path, 'an object', message)
    const extraField = extraKey(message, ['role', 'content'])
    if (extraField) return `Unrecognized request argument supplied: ${path}.${extraField}`
    if (!ROLES.includes(message.role as string)) {
      return invalid(`${path}.role`, "one of 'system', 'user', 'assistant'", message.role)
    }
    const problem = contentProblem(path, message.role, message.content)
    if (problem) return problem
  }
  if (body.max_tokens !== 1000) return invalid('max_tokens', '1000', body.max_tokens)
  if (body.temperature !== 0.7) return invalid('temperature', '0.7', body.temperature)
  return streamProblem(body)
}

/** `stream` is a boolean; `stream_options` (only `include_usage`) only comes with `stream: true`. */
function streamProblem(body: Record<string, unknown>): string | undefined {
  if ('stream' in body && typeof body.stream !== 'boolean') {
    return invalid('stream', 'a boolean', body.stream)
  }
  if (!('stream_options' in body) || body.stream_options === null) return undefined
  if (body.stream !== true) {
    return "The 'stream_options' parameter is only allowed when 'stream' is enabled."
  }
  const options = body.stream_options
  if (!isObject(options)) return invalid('stream_options', 'an object', options)
  const extra = extraKey(options, ['include_usage'])
  if (extra) return `Unrecognized request argument supplied: stream_options.${extra}`
  if ('include_usage' in options && typeof options.include_usage !== 'boolean') {
    return invalid('stream_options.include_usage', 'a boolean', options.include_usage)
  }
  return undefined
}

/** What sets the OpenAI fake apart from an OpenAI-compatible server's (openai-compatible-fake.ts). */
export interface OpenAIFakeOptions {
  /** The name its requests are recorded under. */
  recordAs: RecordedProviderName
  /** Who the reply says it is from ('OpenAI fake reply'). */
  replyLabel: string
  /** `openai`: a valid fake OpenAI key is required; `any`: any key, or none. */
  keys: 'openai' | 'any'
  /** Given, `GET {base}/v1/models` lists these, and a chat with another model is a 404. */
  models?: readonly string[]
  /** Of `models`, those its list says take text alone; the others are listed as taking images too. */
  textOnlyModels?: readonly string[]
}

const OPENAI: OpenAIFakeOptions = { recordAs: 'openai', replyLabel: 'OpenAI', keys: 'openai' }

/** What the OpenAI fake's `GET /v1/models` lists to a valid key: real model ids. */
export const OPENAI_FAKE_MODELS = ['gpt-5', 'gpt-5-mini', 'gpt-4.1', 'gpt-4o-mini'] as const

/** Why a request's key is refused, as OpenAI answers it; undefined when it passes. */
function keyRefusal(
  options: OpenAIFakeOptions,
  authorization: string | undefined,
): Response | undefined {
  const key = authorization?.replace(/^Bearer /, '') ?? ''
  if (options.keys === 'openai') {
    if (!authorization) {
      return openAIError(
        401,
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
      )
    }
    if (!authorization.startsWith('Bearer ') || !isValidFakeKey('openai', key)) {
      return invalidKey(key)
    }
  } else if (authorization !== undefined && !authorization.startsWith('Bearer ')) {
    return openAIError(401, 'Authorization must use Bearer auth')
  }
  return undefined
}

/**
 * A fake of OpenAI's chat completions endpoint (POST {base}/v1/chat/completions) and of its
 * model list (GET {base}/v1/models): OPENAI_FAKE_MODELS to a valid key, or with `models` (a
 * compatible server), those to any caller.
 */
export function createOpenAIFake(
  deps: FakeDeps,
  options: OpenAIFakeOptions = OPENAI,
): ProviderFake {
  let sequence = 0
  return async (request) => {
    const received = await receiveRequest(options.recordAs, request, deps.record)
    const path = new URL(request.url).pathname
    const authorization = received.headers.authorization
    const key = authorization?.replace(/^Bearer /, '') ?? ''
    if (request.method === 'GET' && path.endsWith(MODELS_PATH)) {
      if (options.models)
        return modelList(options.models, deps.now(), 'library', options.textOnlyModels)
      return keyRefusal(options, authorization) ?? modelList(OPENAI_FAKE_MODELS, deps.now())
    }
    if (request.method !== 'POST' || !path.endsWith(PATH)) {
      return openAIError(404, `Invalid URL (${request.method} ${path})`)
    }
    const refusal = keyRefusal(options, authorization)
    if (refusal) return refusal
    const foreign = FOREIGN_HEADERS.find((name) => name in received.headers)
    if (foreign) return openAIError(400, `Unexpected header: ${foreign}`)
    if (!received.headers['content-type']?.startsWith('application/json')) {
      return openAIError(
        400,
        invalid('Content-Type', 'application/json', received.headers['content-type']),
      )
    }
    const problem = bodyProblem(received.body)
    if (problem) return openAIError(400, problem)
    const model = (received.body as { model: string }).model
    if (options.models && !options.models.includes(model)) {
      return openAIError(
        404,
        `The model '${model}' does not exist`,
        'invalid_request_error',
        'model_not_found',
        'model',
      )
    }

    const body = received.body as {
      model: string
      messages: OpenAIMessage[]
      stream?: boolean
      stream_options?: { include_usage?: boolean } | null
    }
    const messages = body.messages.map((m) => ({ role: m.role, ...readContent(m.content) }))
    const last = messages.findLast((m) => m.role === 'user')
    const lastUser = readUserTurn(last?.text ?? '', last?.images ?? [])
    const triggers = readTriggers(lastUser.text, 'openai')
    if (triggers.delayMs) await deps.sleep(triggers.delayMs, request.signal)
    switch (triggers.failure) {
      case '401':
        return invalidKey(key)
      case '429':
        return openAIError(
          429,
          'Rate limit reached for requests. Please try again in 20s.',
          'requests',
          'rate_limit_exceeded',
        )
      case '500':
        return openAIError(
          500,
          'The server had an error while processing your request. Sorry about that!',
          'server_error',
        )
      case 'unreadable':
        return unreadableResponse()
    }
    // Only the system turns before the conversation count as the system prompt.
    const firstTurn = body.messages.findIndex((m) => m.role !== 'system')
    const leading = firstTurn === -1 ? messages : messages.slice(0, firstTurn)
    const content =
      triggers.failure === 'empty'
        ? null
        : fakeReply({
            providerLabel: options.replyLabel,
            model: body.model,
            lastUserMessage: lastUser.text,
            attachments: lastUser.attachments,
            systemPrompt: leading.length ? leading.map((m) => m.text).join('\n\n') : undefined,
            turnCount: body.messages.length,
          })
    const promptTokens = messages.reduce(
      (sum, m) => sum + estimateTokens(m.text) + m.images.length * OPENAI_IMAGE_TOKENS,
      0,
    )
    const completionTokens = content === null ? 0 : estimateTokens(content)
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    }
    sequence += 1
    const id = `chatcmpl-fake-${sequence}`
    const created = Math.floor(deps.now() / 1000)
    if (body.stream) {
      const stream = openAIStream(id, created, body.model, content, usage, {
        includeUsage: body.stream_options?.include_usage === true,
      })
      return streamResponse(stream, triggers, deps.sleep, request.signal)
    }
    return Response.json({
      id,
      object: 'chat.completion',
      created,
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage,
    })
  }
}

/**
 * `chat.completion.chunk`s: the role first, one per token with `delta.content`, the finish
 * reason, then (with `include_usage`) a chunk without choices carrying the usage, and
 * `data: [DONE]`. Every chunk has `usage: null` when usage was asked for. A failure mid-stream
 * is a `data:` line with the usual `{ error }` body.
 */
function openAIStream(
  id: string,
  created: number,
  model: string,
  content: string | null,
  usage: Record<string, number>,
  options: { includeUsage: boolean },
): FakeStream {
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    sseEvent({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices,
      ...(options.includeUsage ? { usage: null } : {}),
      ...extra,
    })
  const choice = (delta: unknown, finish: string | null = null) => ({
    index: 0,
    delta,
    logprobs: null,
    finish_reason: finish,
  })
  return {
    head: [chunk([choice({ role: 'assistant', content: '', refusal: null })])],
    tokens: tokensOf(content ?? undefined),
    textEvent: (token) => chunk([choice({ content: token })]),
    tail: [
      chunk([choice({}, 'stop')]),
      ...(options.includeUsage ? [chunk([], { usage })] : []),
      sseEvent('[DONE]'),
    ],
    errorEvent: sseEvent({
      error: {
        message: 'The server had an error while processing your request. Sorry about that!',
        type: 'server_error',
        param: null,
        code: null,
      },
    }),
  }
}

/** OpenAI's model list: `{ object: 'list', data: [{ id, object: 'model', created, owned_by }] }`. */
function modelList(
  models: readonly string[],
  now: number,
  ownedBy = 'system',
  textOnly?: readonly string[],
): Response {
  const created = Math.floor(now / 1000)
  // A server that says what each model takes does it as OpenRouter does.
  const architecture = (id: string) =>
    textOnly
      ? {
          architecture: {
            input_modalities: textOnly.includes(id) ? ['text'] : ['text', 'image'],
            output_modalities: ['text'],
          },
        }
      : {}
  return Response.json({
    object: 'list',
    data: models.map((id) => ({
      id,
      object: 'model',
      created,
      owned_by: ownedBy,
      ...architecture(id),
    })),
  })
}
