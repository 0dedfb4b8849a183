import type { AttachmentContent } from '../domain/attachments'
import type { ChatTurn } from '../domain/chat-types'
import { textWithFiles } from './attachment-text'

type Image = Extract<AttachmentContent, { kind: 'image' }>

/**
 * A turn's text (its text files folded in, attachment-text.ts) and its images. Only user turns
 * carry attachments; any on another turn are ignored.
 */
function turnParts(turn: ChatTurn): { text: string; images: Image[] } {
  if (turn.role !== 'user') return { text: turn.content, images: [] }
  const attachments = turn.attachments ?? []
  return {
    text: textWithFiles(turn.content, attachments),
    images: attachments.filter((file): file is Image => file.kind === 'image'),
  }
}

/**
 * OpenAI's `content`: the text as a plain string when there are no images (as before
 * attachments), else a text part (left out when empty) then one `image_url` part per image,
 * given as a base64 data URL.
 */
export function openAIContent(turn: ChatTurn) {
  const { text, images } = turnParts(turn)
  if (images.length === 0) return text
  return [
    ...(text ? [{ type: 'text', text }] : []),
    ...images.map((image) => ({
      type: 'image_url',
      image_url: { url: `data:${image.mediaType};base64,${image.data}` },
    })),
  ]
}

/**
 * Anthropic's `content`: a plain string without images, else the image blocks first (Anthropic
 * advises images before the text about them), then a text block unless the text is blank
 * (the API refuses a text block of only whitespace).
 */
export function anthropicContent(turn: ChatTurn) {
  const { text, images } = turnParts(turn)
  if (images.length === 0) return text
  return [
    ...images.map((image) => ({
      type: 'image',
      source: { type: 'base64', media_type: image.mediaType, data: image.data },
    })),
    ...(text.trim() ? [{ type: 'text', text }] : []),
  ]
}

/** Google's `parts`: the images as `inline_data` first, then the text (unless it is empty with images). */
export function googleParts(turn: ChatTurn) {
  const { text, images } = turnParts(turn)
  if (images.length === 0) return [{ text }]
  return [
    ...images.map((image) => ({ inline_data: { mime_type: image.mediaType, data: image.data } })),
    ...(text ? [{ text }] : []),
  ]
}
