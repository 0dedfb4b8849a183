import {
  type AnthropicContent,
  anthropicImageTokens,
  contentProblem,
  readContent,
} from './anthropic-content'
import { isValidFakeKey } from './fake-keys'
import { estimateTokens, fakeReply } from './fake-reply'
import { type FakeStream, sseEvent, streamResponse, tokensOf } from './fake-stream'
import { readTriggers, unreadableResponse } from './fake-triggers'
import type { FakeDeps, ProviderFake } from './fake-types'
import { receiveRequest } from './receive-request'
import { readUserTurn } from './received-attachments'
import { extraKey, invalid, isNonEmptyString, isObject, missingKey } from './shape-check'

const PATH = '/v1/messages'
const MODELS_PATH = '/v1/models'
/** What `GET /v1/models` lists to a valid key, newest first as the API does: id and name. */
export const ANTHROPIC_FAKE_MODELS = [
  ['claude-sonnet-4-5', 'Claude Sonnet 4.5'],
  ['claude-haiku-4-5', 'Claude Haiku 4.5'],
  ['claude-opus-4-1', 'Claude Opus 4.1'],
] as const
const VERSION = '2023-06-01'
const REQUIRED_KEYS = ['model', 'messages', 'max_tokens', 'temperature'] as const
const BODY_KEYS = [...REQUIRED_KEYS, 'system', 'stream']
const FOREIGN_HEADERS = ['authorization', 'x-goog-api-key']

/** Anthropic's error body: `{ type: 'error', error: { type, message } }`. */
function anthropicError(status: number, type: string, message: string): Response {
  return Response.json({ type: 'error', error: { type, message } }, { status })
}

const invalidKey = () => anthropicError(401, 'authentication_error', 'invalid x-api-key')
const badRequest = (message: string) => anthropicError(400, 'invalid_request_error', message)

interface AnthropicMessage {
  role: string
  content: AnthropicContent
}

/** The first thing wrong with a messages body, as Anthropic would word it. */
function bodyProblem(body: unknown): string | undefined {
  if (!isObject(body)) return 'Request body must be a JSON object'
  const extra = extraKey(body, BODY_KEYS)
  if (extra) return `${extra}: Extra inputs are not permitted`
  const missing = missingKey(body, REQUIRED_KEYS)
  if (missing) return `${missing}: Field required`
  if (typeof body.model !== 'string' || !body.model) {
    return invalid('model', 'a model id', body.model)
  }
  // The adapter leaves `system` out when there is none, rather than sending it empty.
  if ('system' in body && !isNonEmptyString(body.system)) {
    return invalid('system', 'a non-empty string', body.system)
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return invalid('messages', 'a non-empty array', body.messages)
  }
  for (const [index, message] of body.messages.entries()) {
    const path = `messages.${index}`
    if (!isObject(message)) return invalid(path, 'an object', message)
    const extraField = extraKey(message, ['role', 'content'])
    if (extraField) return `${path}.${extraField}: Extra inputs are not permitted`
    if (message.role === 'system') {
      return `${path}.role: Unexpected role "system". The Messages API accepts a top-level \`system\` parameter, not "system" as an input message role.`
    }
    if (message.role !== 'user' && message.role !== 'assistant') {
      return invalid(`${path}.role`, "'user' or 'assistant'", message.role)
    }
    const problem = contentProblem(path, message.role, message.content)
    if (problem) return problem
  }
  if (body.max_tokens !== 1000) return invalid('max_tokens', '1000', body.max_tokens)
  if (body.temperature !== 0.7) return invalid('temperature', '0.7', body.temperature)
  if ('stream' in body && typeof body.stream !== 'boolean') {
    return invalid('stream', 'a boolean', body.stream)
  }
  return undefined
}

/** Why a request's headers are refused (key, browser access, version, foreign credentials). */
function headerRefusal(headers: Record<string, string>): Response | undefined {
  const key = headers['x-api-key']
  if (!key) return anthropicError(401, 'authentication_error', 'x-api-key header is required')
  if (!isValidFakeKey('anthropic', key)) return invalidKey()
  if (headers['anthropic-dangerous-direct-browser-access'] !== 'true') {
    return anthropicError(
      401,
      'authentication_error',
      "CORS requests must set 'anthropic-dangerous-direct-browser-access' header",
    )
  }
  if (!headers['anthropic-version']) return badRequest('anthropic-version: header is required')
  if (headers['anthropic-version'] !== VERSION) {
    return badRequest(invalid('anthropic-version', VERSION, headers['anthropic-version']))
  }
  const foreign = FOREIGN_HEADERS.find((name) => name in headers)
  if (foreign) return badRequest(`Unexpected header: ${foreign}`)
  return undefined
}

/** Anthropic's model list: `{ data: [{ type: 'model', id, display_name, created_at }], has_more, first_id, last_id }`. */
function modelList(now: number): Response {
  const createdAt = new Date(now).toISOString()
  const data = ANTHROPIC_FAKE_MODELS.map(([id, name]) => ({
    type: 'model',
    id,
    display_name: name,
    created_at: createdAt,
  }))
  return Response.json({
    data,
    has_more: false,
    first_id: data[0]?.id ?? null,
    last_id: data.at(-1)?.id ?? null,
  })
}

/** A fake of Anthropic's messages endpoint (POST {base}/v1/messages) and model list (GET {base}/v1/models). */
export function createAnthropicFake(deps: FakeDeps): ProviderFake {
  let sequence = 0
  return async (request) => {
    const received = await receiveRequest('anthropic', request, deps.record)
    const path = new URL(request.url).pathname
    const headers = received.headers
    if (request.method === 'GET' && path.endsWith(MODELS_PATH)) {
      return headerRefusal(headers) ?? modelList(deps.now())
    }
    if (request.method !== 'POST' || !path.endsWith(PATH)) {
      return anthropicError(404, 'not_found_error', 'Not Found')
    }
    const refusal = headerRefusal(headers)
    if (refusal) return refusal
    if (!headers['content-type']?.startsWith('application/json')) {
      return badRequest(invalid('Content-Type', 'application/json', headers['content-type']))
    }
    const problem = bodyProblem(received.body)
    if (problem) return badRequest(problem)

    const body = received.body as {
      model: string
      system?: string
      messages: AnthropicMessage[]
      stream?: boolean
    }
    const messages = body.messages.map((m) => ({ role: m.role, ...readContent(m.content) }))
    const last = messages.findLast((m) => m.role === 'user')
    const lastUser = readUserTurn(last?.text ?? '', last?.images ?? [])
    const triggers = readTriggers(lastUser.text, 'anthropic')
    if (triggers.delayMs) await deps.sleep(triggers.delayMs, request.signal)
    switch (triggers.failure) {
      case '401':
        return invalidKey()
      case '429':
        return anthropicError(
          429,
          'rate_limit_error',
          'Number of request tokens has exceeded your per-minute rate limit',
        )
      case '500':
        return anthropicError(500, 'api_error', 'Internal server error')
      case 'unreadable':
        return unreadableResponse()
    }
    const text =
      triggers.failure === 'empty'
        ? undefined
        : fakeReply({
            providerLabel: 'Anthropic',
            model: body.model,
            lastUserMessage: lastUser.text,
            attachments: lastUser.attachments,
            systemPrompt: body.system,
            turnCount: body.messages.length,
          })
    const inputTokens =
      [body.system ?? '', ...messages.map((m) => m.text)]
        .filter(Boolean)
        .reduce((sum, part) => sum + estimateTokens(part), 0) +
      messages.flatMap((m) => m.images).reduce((sum, i) => sum + anthropicImageTokens(i), 0)
    const outputTokens = text ? estimateTokens(text) : 0
    sequence += 1
    const id = `msg_fake_${sequence}`
    if (body.stream) {
      const stream = anthropicStream(id, body.model, text, inputTokens, outputTokens)
      return streamResponse(stream, triggers, deps.sleep, request.signal)
    }
    return Response.json({
      id,
      type: 'message',
      role: 'assistant',
      model: body.model,
      content: text === undefined ? [] : [{ type: 'text', text }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: inputTokens, output_tokens: outputTokens },
    })
  }
}

/**
 * Named events, each with its type repeated in the data: `message_start` (input tokens),
 * one text block (`content_block_start`, a `ping`, a `content_block_delta` with a `text_delta`
 * per token, `content_block_stop`; no block when there is no text), `message_delta` (stop
 * reason, output tokens), `message_stop`. A failure mid-stream is an `error` event.
 */
function anthropicStream(
  id: string,
  model: string,
  text: string | undefined,
  inputTokens: number,
  outputTokens: number,
): FakeStream {
  const event = (type: string, data: Record<string, unknown> = {}) =>
    sseEvent({ type, ...data }, type)
  const start = event('message_start', {
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: inputTokens, output_tokens: 1 },
    },
  })
  const end = [
    event('message_delta', {
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: outputTokens },
    }),
    event('message_stop'),
  ]
  return {
    head: text
      ? [
          start,
          event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
          event('ping'),
        ]
      : [start],
    tokens: tokensOf(text),
    textEvent: (token) =>
      event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: token } }),
    tail: text ? [event('content_block_stop', { index: 0 }), ...end] : end,
    errorEvent: event('error', { error: { type: 'overloaded_error', message: 'Overloaded' } }),
  }
}
