import { checkImageData, preview } from './image-check'
import type { ImageFacts } from './image-facts'
import { extraKey, invalid, isObject } from './shape-check'

/** An image's bytes; the REST API takes each field in snake_case or camelCase. */
type InlineData = { mime_type?: string; mimeType?: string; data: string }
export type GooglePart = { text: string } | { inline_data: InlineData } | { inlineData: InlineData }

/** What Gemini reads as an image (image/gif is not one: the real API answers 400). */
const MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp']
const BLOB_FIELDS = ['inline_data', 'inlineData']
/** Each image counts as Gemini's 258 tokens for an image of at most 384 pixels a side. */
export const GOOGLE_IMAGE_TOKENS = 258

const unknownName = (name: string) =>
  `Invalid JSON payload received. Unknown name "${name}": Cannot find field.`

/**
 * The first thing wrong with `parts`: one text part, or, where images may go (user turns),
 * images with at most one text part.
 */
export function partsProblem(path: string, parts: unknown, images: boolean): string | undefined {
  if (!Array.isArray(parts) || parts.length === 0) {
    return invalid(path, 'exactly one part', parts)
  }
  for (const [index, part] of parts.entries()) {
    const problem = partProblem(`${path}[${index}]`, part, images)
    if (problem) return problem
  }
  const texts = parts.filter((part) => 'text' in part).length
  if (texts === parts.length && parts.length !== 1) return invalid(path, 'exactly one part', parts)
  if (texts > 1) return `Invalid '${path}': expected at most one text part, got ${texts}`
  return undefined
}

function partProblem(path: string, part: unknown, images: boolean): string | undefined {
  if (!isObject(part)) return invalid(path, 'an object', part)
  const extra = extraKey(part, images ? ['text', ...BLOB_FIELDS] : ['text'])
  if (extra) return unknownName(`${path}.${extra}`)
  const [field, second] = Object.keys(part)
  if (!field) {
    return `* GenerateContentRequest.${path}.data: required oneof field 'data' must have one initialized field`
  }
  if (second) {
    return `Invalid JSON payload received. Oneof field 'data' is already set. Cannot set '${path}.${second}'`
  }
  if (field === 'text') {
    return typeof part.text === 'string'
      ? undefined
      : invalid(`${path}.text`, 'a string', part.text)
  }
  return blobProblem(`${path}.${field}`, part[field])
}

function blobProblem(path: string, blob: unknown): string | undefined {
  if (!isObject(blob)) return invalid(path, 'an object', blob)
  const extra = extraKey(blob, ['mime_type', 'mimeType', 'data'])
  if (extra) return unknownName(`${path}.${extra}`)
  if ('mime_type' in blob && 'mimeType' in blob) {
    return `Invalid JSON payload received. Field '${path}.mime_type' is set twice (as mimeType too)`
  }
  const mime = blob.mime_type ?? blob.mimeType
  if (mime === undefined)
    return `* GenerateContentRequest.${path}.mime_type: mime_type is not specified`
  if (typeof mime !== 'string') return invalid(`${path}.mime_type`, 'a string', mime)
  if (!MIME_TYPES.includes(mime)) return `Unsupported MIME type: ${mime}`
  if (blob.data === undefined) return `* GenerateContentRequest.${path}.data: data is not specified`
  if (typeof blob.data !== 'string') return invalid(`${path}.data`, 'a string', blob.data)
  const check = checkImageData(blob.data, { urlSafe: true })
  if ('facts' in check && check.facts.mediaType === mime) return undefined
  if (!('facts' in check) && check.problem === 'not base64') {
    return `Invalid value at '${path}.data' (TYPE_BYTES), Base64 decoding failed for "${preview(blob.data)}"`
  }
  const found = 'facts' in check ? `bytes of ${check.facts.mediaType}` : 'no image it reads'
  return `Unable to process input image: '${path}.data' holds ${found}, not ${mime}. Please retry or report in https://developers.generativeai.google/guide/troubleshooting`
}

/** Valid parts' text (joined by line breaks) and images. */
export function readParts(parts: readonly GooglePart[]): { text: string; images: ImageFacts[] } {
  const texts: string[] = []
  const images: ImageFacts[] = []
  for (const part of parts) {
    if ('text' in part) texts.push(part.text)
    else {
      const blob = 'inline_data' in part ? part.inline_data : part.inlineData
      const check = checkImageData(blob.data, { urlSafe: true })
      if ('facts' in check) images.push(check.facts)
    }
  }
  return { text: texts.join('\n'), images }
}
