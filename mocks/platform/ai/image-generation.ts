import {
  AiInputError,
  type Body,
  oneOf,
  optionalNumber,
  optionalString,
  requiredText,
} from './ai-input'
import { encodePng, type Rgba } from './png-encoder'
import { stableHash } from './stable-hash'

const SIZES = [
  'auto',
  '1024x1024',
  '1536x1024',
  '1024x1536',
  '256x256',
  '512x512',
  '1792x1024',
  '1024x1792',
] as const
const QUALITIES = ['auto', 'low', 'medium', 'high', 'standard', 'hd'] as const
const BACKGROUNDS = ['auto', 'transparent', 'opaque'] as const
const IMAGE_PATH = /\.(jpe?g|png|gif|webp)$/i
export const MAX_IMAGES = 16

export interface ImageRequest {
  prompt: string
  model: string
  images: string[]
  width: number
  height: number
  quality: (typeof QUALITIES)[number]
  background: (typeof BACKGROUNDS)[number]
  n: number
}

/** Source images of an edit: 1 to 16 HTTPS URLs of jpg, jpeg, png, gif or webp files. */
function readImages(value: unknown): string[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) throw new AiInputError('images must be a list of image URLs')
  if (value.length > MAX_IMAGES) throw new AiInputError('Maximum 16 images allowed')
  return value.map((item) => {
    if (typeof item !== 'string') throw new AiInputError('images must be a list of image URLs')
    let url: URL
    try {
      url = new URL(item)
    } catch {
      throw new AiInputError('Invalid URL format')
    }
    if (url.protocol !== 'https:') throw new AiInputError('Image URLs must use HTTPS protocol')
    if (!IMAGE_PATH.test(url.pathname))
      throw new AiInputError('Image URL must end with a supported format...')
    return item
  })
}

export function readImageRequest(body: Body): ImageRequest {
  const prompt = requiredText(body, 'prompt')
  const size = oneOf(body, 'size', SIZES, 'auto')
  const [width, height] = size === 'auto' ? [1024, 1024] : size.split('x').map(Number)
  if ((optionalString(body, 'response_format') ?? 'url') !== 'url')
    throw new AiInputError('response_format must be url')
  return {
    prompt,
    model: optionalString(body, 'model') || 'gpt-image-1',
    images: readImages(body.images),
    width: width!,
    height: height!,
    quality: oneOf(body, 'quality', QUALITIES, 'auto'),
    background: oneOf(body, 'background', BACKGROUNDS, 'auto'),
    n: optionalNumber(body, 'n', { min: 1, max: 10, integer: true }) ?? 1,
  }
}

/** Two colours from the request's hash, so the same prompt always paints the same picture. */
export function imageColours(request: ImageRequest, index: number): { top: Rgba; bottom: Rgba } {
  const hex = stableHash(request.prompt, request.model, ...request.images, String(index))
  const byte = (at: number) => Number.parseInt(hex.slice(at, at + 2), 16)
  return {
    top: { r: byte(0), g: byte(2), b: byte(4), a: 255 },
    bottom: { r: byte(6), g: byte(8), b: byte(10), a: 255 },
  }
}

/**
 * The mock image model: a vertical gradient between two prompt-derived colours at the asked
 * size. A transparent background leaves a clear margin of one eighth around it.
 */
export function paintImage(request: ImageRequest, index: number): Buffer {
  const { top, bottom } = imageColours(request, index)
  const { width, height } = request
  const marginX = Math.floor(width / 8)
  const marginY = Math.floor(height / 8)
  const rows = Array.from({ length: height }, (_, y) => {
    const t = height > 1 ? y / (height - 1) : 0
    const mix = (a: number, b: number) => Math.round(a + (b - a) * t)
    return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 255 }
  })
  const clear: Rgba = { r: 0, g: 0, b: 0, a: 0 }
  const transparent = request.background === 'transparent'
  return encodePng(width, height, (x, y) =>
    transparent && (x < marginX || x >= width - marginX || y < marginY || y >= height - marginY)
      ? clear
      : rows[y]!,
  )
}
