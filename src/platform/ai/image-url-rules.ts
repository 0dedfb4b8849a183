import { ValidationError } from '../errors'

export const MAX_IMAGES = 16
const SUPPORTED_PATH = /\.(jpe?g|png|gif|webp)$/i

/**
 * docs/product/validation.md: an image URL must parse, use HTTPS and name a jpg, jpeg, png, gif or webp file.
 * The extension is read from the path, so signed URLs with a query string still pass.
 */
export function checkImageUrl(value: string): void {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ValidationError('Invalid URL format', { details: { url: value } })
  }
  if (url.protocol !== 'https:')
    throw new ValidationError('Image URLs must use HTTPS protocol', { details: { url: value } })
  if (!SUPPORTED_PATH.test(url.pathname))
    throw new ValidationError('Image URL must end with a supported format...', {
      details: { url: value, supportedFormats: ['jpg', 'jpeg', 'png', 'gif', 'webp'] },
    })
}

/** At most 16 images, each a valid image URL; `required` also asks for at least one. */
export function checkImageUrls(images: unknown, required: boolean): string[] {
  if (images === undefined && !required) return []
  if (!Array.isArray(images) || images.some((image) => typeof image !== 'string'))
    throw new ValidationError('images must be a list of image URLs')
  if (required && images.length === 0)
    throw new ValidationError('At least one image is required to modify')
  if (images.length > MAX_IMAGES) throw new ValidationError('Maximum 16 images allowed')
  for (const image of images) checkImageUrl(image)
  return images
}
