import type { AttachmentContent } from '../domain/attachments'
import type { ChatMessage } from '../domain/chat-message'
import type { PlatformClient } from '../platform/index'
import { createAttachmentContents } from './attachment-contents'
import { saveMessageWithAttachments } from './attachment-rows'

// The files' contents, for the page's life: a file's path is unique and its bytes never
// change, and a user's turns only ever name their own files.
const known = new Map<string, Promise<AttachmentContent>>()

/** Keeps what a file just prepared holds, so its first turn reads nothing back. */
export function rememberContent(path: string, content: AttachmentContent) {
  known.set(path, Promise.resolve(content))
}

/**
 * What a turn with files needs (docs/product/attachments.md), in one chunk that loads with the
 * first file: their contents for the call, and the message written with their rows.
 */
export function createAttachmentTurns(platform: PlatformClient) {
  return {
    ...createAttachmentContents((path) => platform.storage.read(path), known),
    save: (message: ChatMessage) => saveMessageWithAttachments(platform.db, message),
  }
}

export type AttachmentTurns = ReturnType<typeof createAttachmentTurns>
