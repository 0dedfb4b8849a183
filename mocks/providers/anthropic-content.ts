import { checkImageData } from './image-check'
import type { ImageFacts } from './image-facts'
import { extraKey, invalid, isNonEmptyString, isObject } from './shape-check'

/** A message's `content`: a string, or blocks (text, and base64 images in user messages). */
export type AnthropicContent =
  | string
  | (
      | { type: 'text'; text: string }
      | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } }
    )[]

const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp']

/**
 * Anthropic's count for an image, width × height / 750, at most the ~1,600 of the largest
 * image it reads unscaled (docs.anthropic.com, vision: "Evaluate image size").
 */
export function anthropicImageTokens(image: ImageFacts): number {
  return Math.min(1600, Math.ceil((image.width * image.height) / 750))
}

/**
 * The first thing wrong with a message's `content`, as Anthropic words it: its paths name the
 * block's type after its index (`messages.0.content.1.image.source.base64.data`).
 */
export function contentProblem(path: string, role: unknown, content: unknown): string | undefined {
  if (!Array.isArray(content) || content.length === 0) {
    return isNonEmptyString(content)
      ? undefined
      : `${path}.content: messages must have non-empty content`
  }
  for (const [index, block] of content.entries()) {
    const problem = blockProblem(`${path}.content.${index}`, role, block)
    if (problem) return problem
  }
  return undefined
}

function blockProblem(path: string, role: unknown, block: unknown): string | undefined {
  if (!isObject(block)) return invalid(path, 'an object', block)
  if (!('type' in block)) return `${path}: Unable to extract tag using discriminator 'type'`
  if (block.type === 'text') {
    const extra = extraKey(block, ['type', 'text'])
    if (extra) return `${path}.text.${extra}: Extra inputs are not permitted`
    if (typeof block.text !== 'string') return `${path}.text.text: Input should be a valid string`
    if (!block.text) return `${path}.text.text: text content blocks must be non-empty`
    return block.text.trim()
      ? undefined
      : `${path}.text.text: text content blocks must contain non-whitespace text`
  }
  if (block.type !== 'image') {
    return `${path}: Input tag '${String(block.type)}' found using 'type' does not match any of the expected tags: 'text', 'image'`
  }
  if (role !== 'user') return `${path}: image content blocks are only accepted in user messages`
  const extra = extraKey(block, ['type', 'source'])
  if (extra) return `${path}.image.${extra}: Extra inputs are not permitted`
  return sourceProblem(`${path}.image.source`, block.source)
}

/** Base64 sources only: the real API also takes `url` and `file` ones, which the app never sends. */
function sourceProblem(path: string, source: unknown): string | undefined {
  if (source === undefined) return `${path}: Field required`
  if (!isObject(source)) return `${path}: Input should be a valid dictionary or object`
  if (!('type' in source)) return `${path}: Unable to extract tag using discriminator 'type'`
  if (source.type !== 'base64') {
    return `${path}: Input tag '${String(source.type)}' found using 'type' does not match any of the expected tags: 'base64'`
  }
  const at = `${path}.base64`
  const extra = extraKey(source, ['type', 'media_type', 'data'])
  if (extra) return `${at}.${extra}: Extra inputs are not permitted`
  if (!('media_type' in source)) return `${at}.media_type: Field required`
  if (!MEDIA_TYPES.includes(source.media_type as string)) {
    return `${at}.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'`
  }
  if (!('data' in source)) return `${at}.data: Field required`
  if (typeof source.data !== 'string') return `${at}.data: Input should be a valid string`
  const check = checkImageData(source.data)
  if (!('facts' in check)) {
    return check.problem === 'not base64'
      ? `${at}.data: The image data is not valid base64`
      : `${at}.data: Could not process image`
  }
  if (check.facts.mediaType !== source.media_type) {
    return `${at}.data: Image does not match the provided media type ${source.media_type}`
  }
  return undefined
}

/** A valid message's text (its text blocks, joined by line breaks) and its images. */
export function readContent(content: AnthropicContent): { text: string; images: ImageFacts[] } {
  if (typeof content === 'string') return { text: content, images: [] }
  const texts: string[] = []
  const images: ImageFacts[] = []
  for (const block of content) {
    if (block.type === 'text') texts.push(block.text)
    else {
      const check = checkImageData(block.source.data)
      if ('facts' in check) images.push(check.facts)
    }
  }
  return { text: texts.join('\n'), images }
}
