import * as v from 'valibot'
import { fields, storableText } from '../http/input-schema'
import { type Body, countTokens, parseInput } from './ai-input'
import { encodeSilentMp3, encodeWav, toneSamples } from './audio-encoders'
import type { FileExtension } from './generated-files'
import { stableHash } from './stable-hash'

const VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'nova',
  'onyx',
  'sage',
  'shimmer',
  'verse',
] as const
// The formats the mock can really produce; opus, aac and flac would need real codecs.
const FORMATS = ['mp3', 'wav', 'pcm'] as const

const MIME_TYPES: Record<(typeof FORMATS)[number], string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
}

export interface SpeechRequest {
  text: string
  model: string
  voice: (typeof VOICES)[number]
  format: (typeof FORMATS)[number] & FileExtension
  speed: number
}

const speedMessage = 'must be a number from 0.25 to 4'
const oneOfMessage = (options: readonly string[]) => `must be one of: ${options.join(', ')}`

// null counts as absent, as in the other AI requests; `text` is stored (ai_generated_speech).
const speechSchema = fields(
  {
    text: v.pipe(
      // Absent reads as '' so that the check below says "is required".
      v.nullish(v.string('must be a string'), ''),
      v.check((text) => !!text?.trim(), 'is required'),
      v.transform((text) => text as string),
      storableText(),
    ),
    model: v.nullish(v.string('must be a string')),
    voice: v.nullish(v.picklist(VOICES, oneOfMessage(VOICES)), 'alloy'),
    response_format: v.nullish(v.picklist(FORMATS, oneOfMessage(FORMATS)), 'mp3'),
    speed: v.nullish(
      v.pipe(
        v.number(speedMessage),
        v.finite(speedMessage),
        v.minValue(0.25, speedMessage),
        v.maxValue(4, speedMessage),
      ),
      1,
    ),
  },
  'Request body must be a JSON object',
)

export function readSpeechRequest(body: Body): SpeechRequest {
  const speech = parseInput(speechSchema, body)
  return {
    text: speech.text,
    model: speech.model || 'tts-1',
    voice: speech.voice,
    format: speech.response_format,
    speed: speech.speed,
  }
}

export function mimeTypeOf(format: SpeechRequest['format']): string {
  return MIME_TYPES[format]
}

/**
 * The mock voice: two and a half words a second at speed 1 (half a second at least, ten at
 * most). WAV and PCM hold a tone pitched by voice and text; MP3 holds silent frames. The
 * file's id goes into its metadata, so the bytes identify the text they were made from.
 */
export function synthesize(request: SpeechRequest, id: string): Buffer {
  const seconds = Math.min(10, Math.max(0.5, countTokens(request.text) / 2.5 / request.speed))
  const comment = `prompt-chat speech ${id}`
  if (request.format === 'mp3') return encodeSilentMp3(seconds, comment)
  const pitch =
    180 + (Number.parseInt(stableHash(request.voice, request.text).slice(0, 4), 16) % 220)
  const samples = toneSamples(seconds, pitch)
  if (request.format === 'wav') return encodeWav(samples, comment)
  // Raw PCM has no header to carry the id: one last sample made from its hash keeps it unique.
  return Buffer.concat([samples, Buffer.from(stableHash(comment).slice(0, 4), 'hex')])
}
