import { decodeBase64 } from './base64-bytes'
import { type ImageFacts, imageFacts } from './image-facts'

/** What a fake finds in an image's base64 data; each fake words the failures its own way. */
export type ImageCheck = { facts: ImageFacts } | { problem: 'not base64' | 'not an image' }

export function checkImageData(data: string, options: { urlSafe?: boolean } = {}): ImageCheck {
  const bytes = decodeBase64(data, options)
  if (!bytes) return { problem: 'not base64' }
  const facts = imageFacts(bytes)
  return facts ? { facts } : { problem: 'not an image' }
}

/** The start of a long value, for error messages that must not echo megabytes of base64. */
export function preview(text: string): string {
  return text.length > 24 ? `${text.slice(0, 24)}…` : text
}
