import { detectFileType, UNKNOWN_FILE_TYPE } from '../../contract/file-type'
import { ATTACHMENT_MESSAGES } from './attachment-messages'
import {
  type ImageMediaType,
  isImageMediaType,
  MAX_ATTACHMENTS,
  MAX_IMAGE_BYTES,
  MAX_TEXT_FILE_BYTES,
} from './attachments'

/** Why a file is refused, in the user's words; thrown by the composer's preparation of it. */
export class AttachmentError extends Error {}

export type FileVerdict =
  | { ok: true; kind: 'image'; mediaType: ImageMediaType }
  | { ok: true; kind: 'text'; mediaType: 'text/plain' }
  | { ok: false; message: string }

/**
 * What a file is, from its first bytes (never its name), and whether it may be attached
 * (docs/product/attachments.md#what-can-be-attached). A file that no signature names may still
 * be text: `looksLikeText` decides that from its whole content, and is only asked when the
 * size allows.
 */
export function judgeFile(
  file: { name: string; size: number },
  head: Uint8Array,
  looksLikeText: () => Promise<boolean>,
): Promise<FileVerdict> | FileVerdict {
  const refuse = (message: string): FileVerdict => ({ ok: false, message })
  if (file.size === 0) return refuse(ATTACHMENT_MESSAGES.empty(file.name))
  const type = detectFileType(head)
  if (isImageMediaType(type.contentType)) {
    if (file.size > MAX_IMAGE_BYTES)
      return refuse(ATTACHMENT_MESSAGES.imageTooLarge(file.name, file.size))
    return { ok: true, kind: 'image', mediaType: type.contentType }
  }
  // A known signature that is not one of ours (a program, an archive, a PDF) is never text.
  if (type.contentType !== UNKNOWN_FILE_TYPE.contentType) {
    return refuse(ATTACHMENT_MESSAGES.unsupported(file.name))
  }
  if (file.size > MAX_TEXT_FILE_BYTES)
    return refuse(ATTACHMENT_MESSAGES.textTooLarge(file.name, file.size))
  return looksLikeText().then((text) =>
    text
      ? { ok: true, kind: 'text' as const, mediaType: 'text/plain' as const }
      : refuse(ATTACHMENT_MESSAGES.unsupported(file.name)),
  )
}

/** Text is valid UTF-8 without NUL bytes (a binary format nobody signed looks otherwise). */
export function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

/** How many of `wanted` more files fit beside `held` already on the message. */
export const roomFor = (held: number, wanted: number) =>
  Math.max(0, Math.min(wanted, MAX_ATTACHMENTS - held))
