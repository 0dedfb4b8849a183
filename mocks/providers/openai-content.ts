import { checkImageData, preview } from './image-check'
import type { ImageFacts } from './image-facts'
import { extraKey, invalid, isObject } from './shape-check'

/** A message's `content`: a string, or parts (text, and images in user messages). */
export type OpenAIContent =
  | string
  | ({ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } })[]

const DETAILS = ['auto', 'low', 'high']
const DATA_URL = /^data:([^;,]*);base64,(.*)$/s
const EXAMPLE = "(e.g. 'data:image/png;base64,aW1nIGJ5dGVzIGhlcmU=')"
/** Each image counts as OpenAI's price of a low-detail image; the real count grows with size. */
export const OPENAI_IMAGE_TOKENS = 85

/** The first thing wrong with a message's `content`, as OpenAI words it. */
export function contentProblem(path: string, role: unknown, content: unknown): string | undefined {
  if (typeof content === 'string') return undefined
  if (!Array.isArray(content)) {
    return invalid(`${path}.content`, 'a string or an array of content parts', content)
  }
  if (content.length === 0) {
    return `Invalid '${path}.content': empty array. Expected an array with minimum length 1, but got an empty array instead.`
  }
  for (const [index, part] of content.entries()) {
    const problem = partProblem(`${path}.content[${index}]`, role, part)
    if (problem) return problem
  }
  return undefined
}

function partProblem(path: string, role: unknown, part: unknown): string | undefined {
  if (!isObject(part)) return invalid(path, 'an object', part)
  if (!('type' in part)) return `Missing required parameter: '${path}.type'.`
  if (part.type === 'text') {
    const extra = extraKey(part, ['type', 'text'])
    if (extra) return `Unrecognized request argument supplied: ${path}.${extra}`
    if (!('text' in part)) return `Missing required parameter: '${path}.text'.`
    return typeof part.text === 'string'
      ? undefined
      : invalid(`${path}.text`, 'a string', part.text)
  }
  if (part.type !== 'image_url') {
    return `Invalid value: '${String(part.type)}'. Supported values are: 'text' and 'image_url'.`
  }
  if (role !== 'user') {
    return `Image URLs are only allowed for messages with role 'user', but this message with role '${role}' contains an image URL.`
  }
  const extra = extraKey(part, ['type', 'image_url'])
  if (extra) return `Unrecognized request argument supplied: ${path}.${extra}`
  const image = part.image_url
  if (image === undefined) return `Missing required parameter: '${path}.image_url'.`
  if (!isObject(image)) {
    return `Invalid type for '${path}.image_url': expected an object, but got ${kindOf(image)} instead.`
  }
  const extraField = extraKey(image, ['url', 'detail'])
  if (extraField) return `Unrecognized request argument supplied: ${path}.image_url.${extraField}`
  if ('detail' in image && !DETAILS.includes(image.detail as string)) {
    return `Invalid value: '${String(image.detail)}'. Supported values are: 'auto', 'low', and 'high'.`
  }
  if (image.url === undefined) return `Missing required parameter: '${path}.image_url.url'.`
  if (typeof image.url !== 'string') return invalid(`${path}.image_url.url`, 'a string', image.url)
  return urlProblem(`${path}.image_url.url`, image.url)
}

/**
 * The URL must be a base64 data URL of an image type whose bytes are an image OpenAI reads.
 * The real API also fetches http(s) URLs; the fake fetches nothing, and the app sends none.
 * Like the real API, it reads the bytes whatever image type the URL names.
 */
function urlProblem(path: string, url: string): string | undefined {
  const wrong = (got: string) =>
    `Invalid image URL: '${path}'. Expected a base64-encoded data URL with an image MIME type ${EXAMPLE}, but got ${got}.`
  if (!url.startsWith('data:')) return wrong("a value without the 'data:' prefix")
  const match = DATA_URL.exec(url)
  if (!match) return wrong(`a value without ';base64,' (${preview(url)})`)
  const [, mime = '', data = ''] = match
  if (!mime.startsWith('image/')) return wrong(`the MIME type '${mime}'`)
  const check = checkImageData(data)
  if ('facts' in check) return undefined
  if (check.problem === 'not base64') return `Invalid base64 image_url: '${path}'.`
  return `You uploaded an unsupported image. Please make sure your image is below 20 MB in size and is of one the following formats: ['png', 'jpeg', 'gif', 'webp']. ('${path}')`
}

function kindOf(value: unknown): string {
  if (value === null) return 'null'
  return Array.isArray(value) ? 'an array' : `a ${typeof value}`
}

/** A valid message's text (its text parts, joined by line breaks) and its images. */
export function readContent(content: OpenAIContent): { text: string; images: ImageFacts[] } {
  if (typeof content === 'string') return { text: content, images: [] }
  const texts: string[] = []
  const images: ImageFacts[] = []
  for (const part of content) {
    if (part.type === 'text') texts.push(part.text)
    else {
      const check = checkImageData(DATA_URL.exec(part.image_url.url)?.[2] ?? '')
      if ('facts' in check) images.push(check.facts)
    }
  }
  return { text: texts.join('\n'), images }
}
