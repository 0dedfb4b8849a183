import { createHash } from 'node:crypto'
import { Hono } from 'hono'
import type { TokenUsage } from '../../../contract/ai-text'
import type { AccessClaims } from '../auth/access-token'
import { callerOf } from '../auth/caller'
import { apiError } from '../http/json-error'
import type { PlatformDeps } from '../platform-deps'
import { asRequestRole } from '../rest/request-role'
import { RestError } from '../rest/rest-error'
import { AiInputError, type Body, readBody } from './ai-input'
import { generatedFiles } from './generated-files'
import { paintImage, readImageRequest } from './image-generation'
import { generateObject } from './object-generation'
import { mimeTypeOf, readSpeechRequest, synthesize } from './speech-generation'
import { stableHash } from './stable-hash'
import { generateText, readTextRequest } from './text-generation'
import { streamPartsOf, textStreamResponse } from './text-stream'
import { readTranscribeRequest, unknownAudioTranscript } from './transcription'

type Handler = (input: { body: Body; request: Request; user: AccessClaims }) => Promise<Response>

/**
 * `/api/ai/{projectId}/…`: text (plain and streamed), object, image, speech and transcribe.
 * Deterministic and offline: every answer derives from the request, so tests can predict it.
 * Generated images and audio are real files, served publicly (an <img> sends no bearer) under
 * unguessable names derived from the user and the request.
 */
export function aiApi(deps: PlatformDeps) {
  const app = new Hono()
  const files = generatedFiles(deps.store, deps.filesDir, deps.projectId)

  /** Project check, signed-in caller, JSON body, and 4xx for every caller mistake. */
  const route =
    (handler: Handler) => async (c: { req: { raw: Request; param(name: string): string } }) => {
      if (c.req.param('projectId') !== deps.projectId)
        return apiError(404, 'NOT_FOUND', 'Project not found')
      try {
        const caller = await callerOf(c.req.raw, deps.accessTokens)
        if (caller.role !== 'authenticated') return apiError(401, 'AUTH_ERROR', 'Not authenticated')
        const body = await readBody(c.req.raw)
        return await handler({ body, request: c.req.raw, user: caller.claims })
      } catch (error) {
        if (error instanceof AiInputError) return error.toResponse()
        if (error instanceof RestError) return apiError(error.status, 'AUTH_ERROR', error.message)
        throw error
      }
    }

  app.post(
    '/:projectId/text',
    route(async ({ body }) => {
      const request = readTextRequest(body)
      const result = generateText(request)
      if (request.stream) {
        const messageId = `msg-${stableHash(deps.now().toISOString(), JSON.stringify(body)).slice(0, 24)}`
        return textStreamResponse(streamPartsOf(messageId, result), deps.log)
      }
      return Response.json({
        text: result.text,
        ...finishEnvelope(result),
        model: request.model,
        ...(result.sources ? { sources: result.sources } : {}),
      })
    }),
  )

  app.post(
    '/:projectId/object',
    route(async ({ body }) => {
      const result = generateObject(body)
      // Only the envelope is snake_case: the object is the caller's own shape, kept verbatim.
      return Response.json({
        object: result.object,
        ...finishEnvelope(result),
        model: result.model,
      })
    }),
  )

  app.post(
    '/:projectId/image',
    route(async ({ body, request, user }) => {
      const image = readImageRequest(body)
      const data = []
      for (let index = 0; index < image.n; index++) {
        const id = stableHash(user.sub, 'image', JSON.stringify(image), String(index)).slice(0, 32)
        const name = await files.save(id, 'png', paintImage(image, index))
        data.push({ url: files.urlFor(request, name), revised_prompt: image.prompt })
      }
      return Response.json({ created: Math.floor(deps.now().getTime() / 1000), data })
    }),
  )

  app.post(
    '/:projectId/speech',
    route(async ({ body, request, user }) => {
      const speech = readSpeechRequest(body)
      const id = stableHash(user.sub, 'speech', JSON.stringify(speech)).slice(0, 32)
      const bytes = synthesize(speech, id)
      const name = await files.save(id, speech.format, bytes)
      await asRequestRole(deps.store, { role: 'authenticated', claims: user }, (tx) =>
        tx.query(
          `insert into ai_generated_speech (user_id, audio_sha256, text, voice, format, created_at)
           values ($1, $2, $3, $4, $5, $6)
           on conflict (user_id, audio_sha256) do update set text = excluded.text`,
          [
            user.sub,
            sha256(bytes),
            speech.text,
            speech.voice,
            speech.format,
            deps.now().toISOString(),
          ],
        ),
      )
      return Response.json({
        url: files.urlFor(request, name),
        voice: speech.voice,
        format: speech.format,
        mime_type: mimeTypeOf(speech.format),
      })
    }),
  )

  app.post(
    '/:projectId/transcribe',
    route(async ({ body, user }) => {
      const input = readTranscribeRequest(body)
      let bytes: Buffer | null = input.audio.kind === 'bytes' ? input.audio.bytes : null
      if (input.audio.kind === 'url') {
        // Our own generated files are read for real; other hosts stay offline.
        const name = files.nameInUrl(input.audio.url)
        const file = name ? await files.read(name) : null
        if (name && !file) throw new AiInputError('audio file not found')
        bytes = file?.bytes ?? null
      }
      const known = bytes ? await spokenText(user, sha256(bytes)) : null
      const text =
        known ??
        unknownAudioTranscript(
          bytes ? sha256(bytes) : input.audio.kind === 'url' ? input.audio.url.href : '',
          bytes?.length ?? null,
        )
      return Response.json({ text, transcript: text, language: input.language, model: input.model })
    }),
  )

  app.get('/:projectId/files/:name', async (c) => {
    if (c.req.param('projectId') !== deps.projectId)
      return apiError(404, 'NOT_FOUND', 'Project not found')
    const file = await files.read(c.req.param('name'))
    if (!file) return apiError(404, 'NOT_FOUND', 'File not found')
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        'Content-Type': file.contentType,
        'Content-Length': String(file.bytes.length),
        // Names derive from their content's request: a name never changes its bytes.
        'Cache-Control': 'public, max-age=31536000, immutable',
      },
    })
  })

  /** The text this user had voiced into exactly these bytes, if any (their rows only: RLS). */
  async function spokenText(user: AccessClaims, audioSha256: string): Promise<string | null> {
    const { rows } = await asRequestRole(
      deps.store,
      { role: 'authenticated', claims: user },
      (tx) =>
        tx.query<{ text: string }>('select text from ai_generated_speech where audio_sha256 = $1', [
          audioSha256,
        ]),
      { readOnly: true },
    )
    return rows[0]?.text ?? null
  }

  return app
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/**
 * How a JSON answer ended, in both spellings: our SDK converts the snake_case envelope, the
 * hosted SDK returns it as sent and reads camelCase (docs/wire-contract.md#what-still-differs-with-the-hosted-sdk).
 */
function finishEnvelope({ finishReason, usage }: { finishReason: string; usage: TokenUsage }) {
  return {
    finish_reason: finishReason,
    finishReason,
    usage: {
      prompt_tokens: usage.promptTokens,
      completion_tokens: usage.completionTokens,
      total_tokens: usage.totalTokens,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      totalTokens: usage.totalTokens,
    },
  }
}
