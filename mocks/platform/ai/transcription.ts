import { AiInputError, type Body, oneOf, optionalString } from './ai-input'
import { stableHash } from './stable-hash'

const FORMATS = ['json', 'text', 'srt', 'verbose_json', 'vtt'] as const
const MAX_AUDIO_BYTES = 25 * 1024 * 1024
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/

/** Where the audio is: bytes sent along, or a URL to read it from. */
export type AudioSource = { kind: 'bytes'; bytes: Buffer } | { kind: 'url'; url: URL }

export interface TranscribeRequest {
  audio: AudioSource
  model: string
  language: string
  format: (typeof FORMATS)[number]
}

function bytesFromList(list: unknown[]): Buffer {
  if (!list.every((b) => typeof b === 'number' && Number.isInteger(b) && b >= 0 && b <= 255))
    throw new AiInputError('audio byte values must be integers from 0 to 255')
  return Buffer.from(list as number[])
}

/** audio: a byte list, base64 (optionally as a data: URL), or an http(s) URL of a file. */
function readAudio(value: unknown): AudioSource {
  if (Array.isArray(value)) {
    if (value.length === 0) throw new AiInputError('audio is required')
    return { kind: 'bytes', bytes: bytesFromList(value) }
  }
  if (typeof value !== 'string' || !value.trim()) throw new AiInputError('audio is required')
  const text = value.trim()
  if (/^https?:\/\//i.test(text)) {
    try {
      return { kind: 'url', url: new URL(text) }
    } catch {
      throw new AiInputError('audio URL is not a valid URL')
    }
  }
  const base64 = text.startsWith('data:') ? text.slice(text.indexOf(',') + 1) : text
  const compact = base64.replace(/\s+/g, '')
  if (!compact || !BASE64.test(compact))
    throw new AiInputError('audio must be base64, a data: URL, an http(s) URL or a byte list')
  return {
    kind: 'bytes',
    bytes: Buffer.from(
      compact,
      compact.includes('-') || compact.includes('_') ? 'base64url' : 'base64',
    ),
  }
}

export function readTranscribeRequest(body: Body): TranscribeRequest {
  const audio = readAudio(body.audio)
  if (audio.kind === 'bytes' && audio.bytes.length > MAX_AUDIO_BYTES)
    throw new AiInputError('audio must be at most 25 MB')
  return {
    audio,
    model: optionalString(body, 'model') || 'whisper-1',
    language: optionalString(body, 'language') || 'en',
    format: oneOf(body, 'response_format', FORMATS, 'json'),
  }
}

/** The mock's words for audio it did not voice itself: stable, and honest about what it is. */
export function unknownAudioTranscript(fingerprint: string, size: number | null): string {
  const what = size === null ? 'audio at a remote address' : `${size} bytes of audio`
  return `Transcript ${stableHash(fingerprint).slice(0, 8)}: ${what}, not recognized by the offline model.`
}
