import { ATTACHMENT_MESSAGES } from '../domain/attachment-messages'
import {
  type AttachmentContent,
  isImageMediaType,
  type MessageAttachment,
} from '../domain/attachments'
import type { ContextTurn } from '../domain/chat-context'
import type { ChatTurn } from '../domain/chat-types'
import { base64Of } from './base64'

/** Reads a stored file's bytes as their owner (the SDK's storage `read`). */
export type ReadStoredFile = (path: string) => Promise<Blob>

/**
 * What each stored file holds, as a provider is sent it (docs/product/attachments.md#what-each-provider-receives).
 * A file added in this tab is known from the moment it was prepared; one from an earlier
 * message is read from storage once and kept for the session's next turns.
 */
export function createAttachmentContents(
  read: ReadStoredFile,
  known = new Map<string, Promise<AttachmentContent>>(),
) {
  async function load(attachment: MessageAttachment): Promise<AttachmentContent> {
    const bytes = new Uint8Array(await (await read(attachment.path)).arrayBuffer())
    if (attachment.kind === 'text') {
      return { kind: 'text', name: attachment.name, text: new TextDecoder().decode(bytes) }
    }
    if (!isImageMediaType(attachment.mediaType)) throw new Error('not an image')
    return {
      kind: 'image',
      name: attachment.name,
      mediaType: attachment.mediaType,
      data: base64Of(bytes),
    }
  }

  function contentOf(attachment: MessageAttachment): Promise<AttachmentContent> {
    let content = known.get(attachment.path)
    if (!content) {
      content = load(attachment)
      known.set(attachment.path, content)
      // A failed read is asked again next time, not remembered.
      content.catch(() => known.delete(attachment.path))
    }
    return content.catch(() => {
      throw new Error(ATTACHMENT_MESSAGES.contentMissing(attachment.name))
    })
  }

  return {
    /** The turns with their files' contents, in order; rejects with the user's message. */
    async turnsWithContents(turns: readonly ContextTurn[]): Promise<ChatTurn[]> {
      return Promise.all(
        turns.map(async ({ attachments, ...turn }) =>
          attachments?.length
            ? { ...turn, attachments: await Promise.all(attachments.map(contentOf)) }
            : turn,
        ),
      )
    },
  }
}
