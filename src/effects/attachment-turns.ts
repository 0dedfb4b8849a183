import type { ChatMessage } from '../domain/chat-message'
import type { PlatformClient } from '../platform/index'
import { createAttachmentContents } from './attachment-contents'
import { saveMessageWithAttachments } from './attachment-rows'

/**
 * What a turn with files needs (docs/product/attachments.md), in one chunk that loads with the
 * first file: their contents for the call, and the message written with their rows.
 */
export function createAttachmentTurns(platform: PlatformClient) {
  return {
    ...createAttachmentContents((path) => platform.storage.read(path)),
    save: (message: ChatMessage) => saveMessageWithAttachments(platform.db, message),
  }
}

export type AttachmentTurns = ReturnType<typeof createAttachmentTurns>
