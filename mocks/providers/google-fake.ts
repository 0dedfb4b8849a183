import { isValidFakeKey } from './fake-keys'
import { estimateTokens, fakeReply } from './fake-reply'
import { type FakeStream, sseEvent, streamResponse, tokensOf } from './fake-stream'
import { readTriggers, unreadableResponse } from './fake-triggers'
import type { FakeDeps, ProviderFake } from './fake-types'
import { GOOGLE_IMAGE_TOKENS, type GooglePart, partsProblem, readParts } from './google-parts'
import { receiveRequest } from './receive-request'
import { readUserTurn } from './received-attachments'
import { extraKey, invalid, isNonEmptyString, isObject, missingKey } from './shape-check'

const PATH = /\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/
const MODELS_PATH = /\/v1beta\/models$/
/** The query parameters of the model list besides the key. */
const LIST_PARAMS = ['key', 'pageSize', 'pageToken']
/** What `GET /v1beta/models` lists to a valid key: the model and its display name. */
export const GOOGLE_FAKE_MODELS = [
  ['gemini-2.5-pro', 'Gemini 2.5 Pro'],
  ['gemini-2.5-flash', 'Gemini 2.5 Flash'],
  ['gemini-2.5-flash-lite', 'Gemini 2.5 Flash-Lite'],
] as const
/** `alt=sse` makes streamGenerateContent answer server-sent events instead of a JSON array. */
const QUERY_PARAMS = ['key', 'alt']
const ALT_VALUES = ['json', 'sse']
const REQUIRED_KEYS = ['contents', 'generationConfig'] as const
const BODY_KEYS = [...REQUIRED_KEYS, 'systemInstruction']
/** The key belongs in the query string; a header credential is a mistake (or a leak). */
const FOREIGN_HEADERS = ['authorization', 'x-api-key', 'x-goog-api-key', 'anthropic-version']

/** Google's error body: `{ error: { code, message, status } }` (plus details for keys). */
function googleError(code: number, status: string, message: string, details?: unknown[]) {
  return Response.json(
    { error: details ? { code, message, status, details } : { code, message, status } },
    { status: code },
  )
}

const invalidKey = () =>
  googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
    {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'API_KEY_INVALID',
      domain: 'googleapis.com',
      metadata: { service: 'generativelanguage.googleapis.com' },
    },
  ])
const badRequest = (message: string) => googleError(400, 'INVALID_ARGUMENT', message)
const unknownName = (name: string) =>
  `Invalid JSON payload received. Unknown name "${name}": Cannot find field.`

interface GoogleContent {
  role: string
  parts: GooglePart[]
}

/** The first thing wrong with a generateContent body, as Google would word it. */
function bodyProblem(body: unknown): string | undefined {
  if (!isObject(body)) return 'Invalid JSON payload received.'
  const extra = extraKey(body, BODY_KEYS)
  if (extra) return unknownName(extra)
  const missing = missingKey(body, REQUIRED_KEYS)
  if (missing) return `* GenerateContentRequest.${missing}: ${missing} is not specified`
  if (!Array.isArray(body.contents) || body.contents.length === 0) {
    return invalid('contents', 'a non-empty array', body.contents)
  }
  for (const [index, content] of body.contents.entries()) {
    const path = `contents[${index}]`
    if (!isObject(content)) return invalid(path, 'an object', content)
    const extraField = extraKey(content, ['role', 'parts'])
    if (extraField) return unknownName(`${path}.${extraField}`)
    if (content.role !== 'user' && content.role !== 'model') {
      return `Please use a valid role: user, model. (${path}.role is ${JSON.stringify(content.role)})`
    }
    const problem = partsProblem(`${path}.parts`, content.parts, content.role === 'user')
    if (problem) return problem
  }
  if ('systemInstruction' in body) {
    const instruction = body.systemInstruction
    if (!isObject(instruction)) return invalid('systemInstruction', 'an object', instruction)
    const extraField = extraKey(instruction, ['parts'])
    if (extraField) return unknownName(`systemInstruction.${extraField}`)
    const problem = partsProblem('systemInstruction.parts', instruction.parts, false)
    if (problem) return problem
    if (!isNonEmptyString((instruction.parts as [{ text: string }])[0].text)) {
      return invalid('systemInstruction.parts[0].text', 'a non-empty string', '')
    }
  }
  const config = body.generationConfig
  if (!isObject(config)) return invalid('generationConfig', 'an object', config)
  const extraConfig = extraKey(config, ['maxOutputTokens', 'temperature'])
  if (extraConfig) return unknownName(`generationConfig.${extraConfig}`)
  if (config.maxOutputTokens !== 1000) {
    return invalid('generationConfig.maxOutputTokens', '1000', config.maxOutputTokens)
  }
  if (config.temperature !== 0.7) {
    return invalid('generationConfig.temperature', '0.7', config.temperature)
  }
  return undefined
}

/** The key checks every call shares: missing is a 403, not one of the fakes' keys a 400. */
function keyRefusal(key: string | null): Response | undefined {
  if (!key) {
    return googleError(
      403,
      'PERMISSION_DENIED',
      "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
    )
  }
  return isValidFakeKey('google', key) ? undefined : invalidKey()
}

/**
 * Google's model list (GET {base}/v1beta/models?key=): `{ models: [{ name: 'models/…', version,
 * displayName, description, inputTokenLimit, outputTokenLimit, supportedGenerationMethods }] }`.
 */
function listModels(url: URL, headers: Record<string, string>): Response {
  const refusal = keyRefusal(url.searchParams.get('key'))
  if (refusal) return refusal
  const extraParam = [...url.searchParams.keys()].find((name) => !LIST_PARAMS.includes(name))
  if (extraParam) {
    return badRequest(
      `Invalid JSON payload received. Unknown name "${extraParam}": Cannot bind query parameter.`,
    )
  }
  const foreign = FOREIGN_HEADERS.find((name) => name in headers)
  if (foreign) return badRequest(`Unexpected header: ${foreign}`)
  return Response.json({
    models: GOOGLE_FAKE_MODELS.map(([id, displayName]) => ({
      name: `models/${id}`,
      version: '001',
      displayName,
      description: `${displayName}, as the fake lists it`,
      inputTokenLimit: 1_048_576,
      outputTokenLimit: 65_536,
      supportedGenerationMethods: ['generateContent', 'countTokens'],
    })),
  })
}

/**
 * A fake of Google's generateContent (POST {base}/v1beta/models/{model}:generateContent?key=)
 * and streamGenerateContent (…:streamGenerateContent?alt=sse&key=, the same body).
 */
export function createGoogleFake(deps: FakeDeps): ProviderFake {
  return async (request) => {
    const received = await receiveRequest('google', request, deps.record)
    const url = new URL(request.url)
    if (request.method === 'GET' && MODELS_PATH.test(url.pathname)) {
      return listModels(url, received.headers)
    }
    const [, modelInPath, method] = PATH.exec(url.pathname) ?? []
    if (request.method !== 'POST' || !modelInPath) {
      return googleError(404, 'NOT_FOUND', `Method not found: ${request.method} ${url.pathname}`)
    }
    const refusal = keyRefusal(url.searchParams.get('key'))
    if (refusal) return refusal
    const extraParam = [...url.searchParams.keys()].find((name) => !QUERY_PARAMS.includes(name))
    if (extraParam) {
      return badRequest(
        `Invalid JSON payload received. Unknown name "${extraParam}": Cannot bind query parameter.`,
      )
    }
    const alt = url.searchParams.get('alt')
    if (alt !== null && !ALT_VALUES.includes(alt)) {
      return badRequest(`Invalid value at 'alt' (type.googleapis.com/google.api.Alt), "${alt}"`)
    }
    const foreign = FOREIGN_HEADERS.find((name) => name in received.headers)
    if (foreign) return badRequest(`Unexpected header: ${foreign}`)
    if (!received.headers['content-type']?.startsWith('application/json')) {
      return badRequest(
        invalid('Content-Type', 'application/json', received.headers['content-type']),
      )
    }
    const problem = bodyProblem(received.body)
    if (problem) return badRequest(problem)

    const model = safeDecode(modelInPath)
    const body = received.body as {
      contents: GoogleContent[]
      systemInstruction?: { parts: [{ text: string }] }
    }
    const contents = body.contents.map((c) => ({ role: c.role, ...readParts(c.parts) }))
    const last = contents.findLast((c) => c.role === 'user')
    const lastUser = readUserTurn(last?.text ?? '', last?.images ?? [])
    const systemPrompt = body.systemInstruction?.parts[0].text
    const promptTokens =
      [systemPrompt ?? '', ...contents.map((c) => c.text)]
        .filter(Boolean)
        .reduce((sum, part) => sum + estimateTokens(part), 0) +
      contents.reduce((sum, c) => sum + c.images.length * GOOGLE_IMAGE_TOKENS, 0)
    const triggers = readTriggers(lastUser.text, 'google')
    if (triggers.delayMs) await deps.sleep(triggers.delayMs, request.signal)
    switch (triggers.failure) {
      case '401':
        return invalidKey()
      case '429':
        return googleError(
          429,
          'RESOURCE_EXHAUSTED',
          'Resource has been exhausted (e.g. check quota).',
        )
      case '500':
        return googleError(
          500,
          'INTERNAL',
          'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
        )
      case 'unreadable':
        return unreadableResponse()
      case 'no-candidates':
        // A prompt blocked before generation: feedback instead of candidates.
        return answer([
          {
            promptFeedback: { blockReason: 'SAFETY' },
            usageMetadata: { promptTokenCount: promptTokens, totalTokenCount: promptTokens },
            modelVersion: model,
          },
        ])
      case 'safety':
        return answer([
          {
            candidates: [
              {
                finishReason: 'SAFETY',
                index: 0,
                safetyRatings: [
                  {
                    category: 'HARM_CATEGORY_DANGEROUS_CONTENT',
                    probability: 'HIGH',
                    blocked: true,
                  },
                ],
              },
            ],
            usageMetadata: { promptTokenCount: promptTokens, totalTokenCount: promptTokens },
            modelVersion: model,
          },
        ])
    }
    const text =
      triggers.failure === 'empty'
        ? undefined
        : fakeReply({
            providerLabel: 'Google',
            model,
            lastUserMessage: lastUser.text,
            attachments: lastUser.attachments,
            systemPrompt,
            turnCount: body.contents.length,
          })
    const candidateTokens = text ? estimateTokens(text) : 0
    const usageMetadata = {
      promptTokenCount: promptTokens,
      candidatesTokenCount: candidateTokens,
      totalTokenCount: promptTokens + candidateTokens,
    }
    if (method === 'streamGenerateContent' && alt === 'sse') {
      return streamResponse(
        googleStream(model, text, usageMetadata),
        triggers,
        deps.sleep,
        request.signal,
      )
    }
    return answer([
      {
        candidates: [
          {
            content: { parts: text === undefined ? [] : [{ text }], role: 'model' },
            finishReason: 'STOP',
            index: 0,
          },
        ],
        usageMetadata,
        modelVersion: model,
      },
    ])

    /**
     * A whole answer of one response: generateContent's JSON; streamGenerateContent sends it
     * as one event (`alt=sse`) or a JSON array of one.
     */
    function answer(responses: [unknown]): Response {
      if (method === 'generateContent') return Response.json(responses[0])
      if (alt !== 'sse') return Response.json(responses)
      const stream: FakeStream = {
        head: responses.map((data) => sseEvent(data, undefined, CRLF)),
        tokens: [],
        textEvent: () => '',
        tail: [],
        errorEvent: '',
      }
      return streamResponse(stream, triggers, deps.sleep, request.signal)
    }
  }
}

/** Google ends its lines with CRLF. */
const CRLF = '\r\n'

/**
 * One GenerateContentResponse per token (its text as the one part of the first candidate,
 * the prompt count so far in `usageMetadata`), then one with `finishReason: 'STOP'` and the
 * final usage. A failure mid-stream is an event with the usual `{ error }` body.
 */
function googleStream(
  model: string,
  text: string | undefined,
  usageMetadata: { promptTokenCount: number; totalTokenCount: number },
): FakeStream {
  const partial = {
    promptTokenCount: usageMetadata.promptTokenCount,
    totalTokenCount: usageMetadata.promptTokenCount,
  }
  const event = (candidate: Record<string, unknown>, usage: unknown) =>
    sseEvent(
      { candidates: [{ ...candidate, index: 0 }], usageMetadata: usage, modelVersion: model },
      undefined,
      CRLF,
    )
  return {
    head: [],
    tokens: tokensOf(text),
    textEvent: (token) => event({ content: { parts: [{ text: token }], role: 'model' } }, partial),
    tail: [event({ content: { parts: [], role: 'model' }, finishReason: 'STOP' }, usageMetadata)],
    errorEvent: sseEvent(
      {
        error: {
          code: 500,
          message:
            'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
          status: 'INTERNAL',
        },
      },
      undefined,
      CRLF,
    ),
  }
}

/** A path segment decoded, or as sent when its escapes are malformed. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
