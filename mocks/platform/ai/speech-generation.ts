import {
  type Body,
  countTokens,
  oneOf,
  optionalNumber,
  optionalString,
  requiredText,
} from './ai-input'
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

export function readSpeechRequest(body: Body): SpeechRequest {
  return {
    text: requiredText(body, 'text'),
    model: optionalString(body, 'model') || 'tts-1',
    voice: oneOf(body, 'voice', VOICES, 'alloy'),
    format: oneOf(body, 'response_format', FORMATS, 'mp3'),
    speed: optionalNumber(body, 'speed', { min: 0.25, max: 4 }) ?? 1,
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
