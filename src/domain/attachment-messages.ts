import { MAX_ATTACHMENTS, MAX_IMAGE_BYTES, MAX_TEXT_FILE_BYTES } from './attachments'

const MB = 1024 * 1024
const megabytes = (bytes: number) => `${(Math.ceil((bytes * 10) / MB) / 10).toFixed(1)} MB`

/** docs/product/errors.md#attachments: what the composer says about a file it did not take. */
export const ATTACHMENT_MESSAGES = {
  tooMany: `You can attach at most ${MAX_ATTACHMENTS} files to a message.`,
  imageTooLarge: (name: string, size: number) =>
    `“${name}” is too large (${megabytes(size)}). Images can be at most ${MAX_IMAGE_BYTES / MB} MB.`,
  textTooLarge: (name: string, size: number) =>
    `“${name}” is too large (${megabytes(size)}). Text files can be at most ${MAX_TEXT_FILE_BYTES / MB} MB.`,
  unsupported: (name: string) =>
    `“${name}” can’t be attached. Attach PNG, JPEG, WebP or GIF images, or text files.`,
  empty: (name: string) => `“${name}” is empty.`,
  unreadable: (name: string) => `“${name}” could not be read.`,
  uploadFailed: (name: string) => `“${name}” could not be uploaded. Try again.`,
  /** A stored file a turn needed could not be loaded again (docs/product/attachments.md). */
  contentMissing: (name: string) => `The attachment “${name}” could not be loaded.`,
} as const
