import { type EventObject, fromCallback } from 'xstate'
import { ATTACHMENT_MESSAGES } from '../domain/attachment-messages'
import { AttachmentError } from '../domain/attachment-rules'
import type { MessageAttachment } from '../domain/attachments'
import {
  type AddFileInput,
  type ComposerAttachmentsEvent,
  composerAttachmentsMachine,
} from '../machines/composer-attachments.machine'
import type { Notice } from '../machines/notice'
import type { PlatformClient } from '../platform/index'
import { type PreparedFile, prepareFile } from './attachment-files'
import { rememberContent } from './attachment-turns'
import { scaleImage } from './image-scaling'
import { logError, showToast } from './notify'

export interface ComposerAttachmentsOptions {
  platform: PlatformClient
  /** The signed-in user's id: files go in their own storage folder. */
  currentUserId: () => string
  /** Reads, checks and scales a file (tests give their own; browsers draw on a canvas). */
  prepare?: (file: File) => Promise<PreparedFile>
  notify?: (notice: Notice) => void
}

/** 32 random hex digits: a stored file's name and its row's id. */
const randomHex = () => crypto.randomUUID().replaceAll('-', '')

/**
 * The composer's files on the SDK (docs/product/attachments.md#adding-files): each is prepared
 * in the browser, then uploaded as a private object in the user's own folder.
 */
export function provideComposerAttachments(options: ComposerAttachmentsOptions) {
  const { platform } = options
  const prepare = options.prepare ?? ((file: File) => prepareFile(file, scaleImage))
  const forget = (path: string) =>
    platform.storage.remove(path).catch((error: unknown) => logError(undefined, { error }))

  return composerAttachmentsMachine.provide({
    actors: {
      'add file': fromCallback<EventObject, AddFileInput>(({ input, sendBack }) => {
        const report = (event: ComposerAttachmentsEvent) => sendBack(event)
        const { id, file } = input
        let stopped = false
        let uploaded: string | null = null
        const run = async () => {
          const prepared = await prepare(file)
          if (stopped) return
          const { attachment } = prepared
          const previewUrl =
            attachment.kind === 'image'
              ? URL.createObjectURL(
                  new Blob([prepared.bytes as BlobPart], { type: attachment.mediaType }),
                )
              : null
          report({ type: 'attachment.read', id, kind: attachment.kind, previewUrl })
          const key = randomHex()
          const { path } = await platform.storage.upload(
            prepared.bytes,
            `${options.currentUserId()}/attachments/${key}`,
            { private: true },
          )
          uploaded = path
          if (stopped) return void forget(path)
          rememberContent(path, prepared.content)
          const stored: MessageAttachment = { ...attachment, id: `att_${key}`, path }
          uploaded = null
          report({ type: 'attachment.ready', id, attachment: stored })
        }
        run().catch((error: unknown) => {
          if (stopped) return
          if (!(error instanceof AttachmentError)) logError(undefined, { error })
          report({
            type: 'attachment.failed',
            id,
            message:
              error instanceof AttachmentError
                ? error.message
                : ATTACHMENT_MESSAGES.uploadFailed(file.name),
          })
        })
        return () => {
          stopped = true
          // Removed while its upload landed: nobody will send it.
          if (uploaded) void forget(uploaded)
        }
      }),
    },
    actions: {
      notify: (_, notice: Notice) => (options.notify ?? showToast)(notice),
      'release previews': (_, { urls }: { urls: string[] }) => {
        for (const url of urls) URL.revokeObjectURL(url)
      },
      'forget upload': (_, { path }: { path: string | null }) => {
        if (path) void forget(path)
      },
    },
  })
}
