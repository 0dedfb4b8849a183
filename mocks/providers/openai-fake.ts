import { isValidFakeKey } from './fake-keys'
import { estimateTokens, fakeReply } from './fake-reply'
import { readTriggers, unreadableResponse } from './fake-triggers'
import type { FakeDeps, ProviderFake } from './fake-types'
import { maskKey } from './mask-key'
import { receiveRequest } from './receive-request'
import { extraKey, invalid, isObject, missingKey } from './shape-check'

const PATH = '/v1/chat/completions'
const BODY_KEYS = ['model', 'messages', 'max_tokens', 'temperature'] as const
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
  content: string
}

/** The first thing wrong with a chat-completions body, as OpenAI would word it. */
function bodyProblem(body: unknown): string | undefined {
  if (!isObject(body)) return 'We could not parse the JSON body of your request.'
  const extra = extraKey(body, BODY_KEYS)
  if (extra) return `Unrecognized request argument supplied: ${extra}`
  const missing = missingKey(body, BODY_KEYS)
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
    if (typeof message.content !== 'string') {
      return invalid(`${path}.content`, 'a string', message.content)
    }
  }
  if (body.max_tokens !== 1000) return invalid('max_tokens', '1000', body.max_tokens)
  if (body.temperature !== 0.7) return invalid('temperature', '0.7', body.temperature)
  return undefined
}

/** A fake of OpenAI's chat completions endpoint (POST {base}/v1/chat/completions). */
export function createOpenAIFake(deps: FakeDeps): ProviderFake {
  let sequence = 0
  return async (request) => {
    const received = await receiveRequest('openai', request, deps.record)
    if (request.method !== 'POST' || !new URL(request.url).pathname.endsWith(PATH)) {
      return openAIError(404, `Invalid URL (${request.method} ${new URL(request.url).pathname})`)
    }
    const authorization = received.headers.authorization
    if (!authorization) {
      return openAIError(
        401,
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
      )
    }
    const key = authorization.replace(/^Bearer /, '')
    if (!authorization.startsWith('Bearer ') || !isValidFakeKey('openai', key)) {
      return invalidKey(key)
    }
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

    const body = received.body as { model: string; messages: OpenAIMessage[] }
    const lastUser = body.messages.findLast((m) => m.role === 'user')?.content ?? ''
    const triggers = readTriggers(lastUser)
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
    const leading = firstTurn === -1 ? body.messages : body.messages.slice(0, firstTurn)
    const content =
      triggers.failure === 'empty'
        ? null
        : fakeReply({
            providerLabel: 'OpenAI',
            model: body.model,
            lastUserMessage: lastUser,
            systemPrompt: leading.length ? leading.map((m) => m.content).join('\n\n') : undefined,
            turnCount: body.messages.length,
          })
    const promptTokens = body.messages.reduce((sum, m) => sum + estimateTokens(m.content), 0)
    const completionTokens = content === null ? 0 : estimateTokens(content)
    sequence += 1
    return Response.json({
      id: `chatcmpl-fake-${sequence}`,
      object: 'chat.completion',
      created: Math.floor(deps.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    })
  }
}
