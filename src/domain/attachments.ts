/**
 * Files sent with a message (docs/product/attachments.md): images the models can see and text
 * files they can read. A message keeps references to its stored files; a provider call is sent
 * their contents.
 */

export type AttachmentKind = 'image' | 'text'

/** docs/product/attachments.md#limits */
export const MAX_ATTACHMENTS = 10
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024
export const MAX_TEXT_FILE_BYTES = 1024 * 1024
/** Images are scaled down in the browser so that their longest side is at most this. */
export const IMAGE_MAX_SIDE = 2048

/** The image types every provider reads (sniffed from the bytes, never from the name). */
export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number]

export const isImageMediaType = (type: string): type is ImageMediaType =>
  (IMAGE_MEDIA_TYPES as readonly string[]).includes(type)

/** A row of chat_attachments (docs/product/data.md): one stored file of one message. */
export interface MessageAttachment {
  /** `att_` and 32 hex digits. */
  id: string
  kind: AttachmentKind
  /** The file's name as the user had it (shown on its chip, and naming a text file's fence). */
  name: string
  /** Sniffed: one of IMAGE_MEDIA_TYPES, or text/plain for a text file. */
  mediaType: string
  /** Bytes stored (after an image was scaled down). */
  size: number
  /** Images only, after scaling; null for text. */
  width: number | null
  height: number | null
  /** Where its bytes are: a private object in the user's own storage folder. */
  path: string
}

/** What a stored file is, in a few words: `image/png, 640×480`, or `Text file`. */
export const fileDetail = (attachment: MessageAttachment) =>
  attachment.kind === 'text'
    ? 'Text file'
    : attachment.width && attachment.height
      ? `${attachment.mediaType}, ${attachment.width}×${attachment.height}`
      : attachment.mediaType

/** What a provider is sent for one attachment. */
export type AttachmentContent =
  | { kind: 'image'; name: string; mediaType: ImageMediaType /** base64 */; data: string }
  | { kind: 'text'; name: string; text: string }
