import { SNIFF_LENGTH } from '../../contract/file-type'
import { ATTACHMENT_MESSAGES } from '../domain/attachment-messages'
import { AttachmentError, isText, judgeFile } from '../domain/attachment-rules'
import type { AttachmentContent, ImageMediaType, MessageAttachment } from '../domain/attachments'
import { base64Of } from './base64'
import type { ScaledImage } from './image-scaling'

/** A file ready to upload: what is stored, and what a provider will be sent. */
export interface PreparedFile {
  attachment: Omit<MessageAttachment, 'id' | 'path'>
  bytes: Uint8Array
  content: AttachmentContent
}

const bytesOf = async (blob: Blob, name: string) => {
  try {
    return new Uint8Array(await blob.arrayBuffer())
  } catch {
    throw new AttachmentError(ATTACHMENT_MESSAGES.unreadable(name))
  }
}

/**
 * Reads a file the user added and decides what it is from its bytes (docs/product/attachments.md#what-can-be-attached):
 * an image is scaled down by `scale`, a text file kept as it is. Rejects with an
 * AttachmentError whose message says why the file was refused.
 */
export async function prepareFile(
  file: File,
  scale: (file: Blob, mediaType: ImageMediaType) => Promise<ScaledImage>,
): Promise<PreparedFile> {
  const head = await bytesOf(file.slice(0, SNIFF_LENGTH), file.name)
  let whole: Uint8Array | null = null
  const verdict = await judgeFile(file, head, async () => {
    whole = await bytesOf(file, file.name)
    return isText(whole)
  })
  if (!verdict.ok) throw new AttachmentError(verdict.message)
  const { name } = file
  if (verdict.kind === 'text') {
    const bytes = whole ?? (await bytesOf(file, name))
    const text = new TextDecoder().decode(bytes)
    return {
      attachment: {
        kind: 'text',
        name,
        mediaType: 'text/plain',
        size: bytes.byteLength,
        width: null,
        height: null,
      },
      bytes,
      content: { kind: 'text', name, text },
    }
  }
  let image: ScaledImage
  try {
    image = await scale(file, verdict.mediaType)
  } catch {
    throw new AttachmentError(ATTACHMENT_MESSAGES.unreadable(name))
  }
  return {
    attachment: {
      kind: 'image',
      name,
      mediaType: image.mediaType,
      size: image.bytes.byteLength,
      width: image.width,
      height: image.height,
    },
    bytes: image.bytes,
    content: { kind: 'image', name, mediaType: image.mediaType, data: base64Of(image.bytes) },
  }
}
