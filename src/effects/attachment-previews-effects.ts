import { type EventObject, fromCallback } from 'xstate'
import { attachmentPreviewsMachine } from '../machines/attachment-previews.machine'
import type { PlatformClient } from '../platform/index'
import { logError } from './notify'

/** The history's images on the SDK: each private file read with the user's token. */
export function provideAttachmentPreviews(platform: PlatformClient) {
  return attachmentPreviewsMachine.provide({
    actors: {
      'load preview': fromCallback<EventObject, { path: string }>(({ input, sendBack }) => {
        const { path } = input
        platform.storage.read(path).then(
          (bytes) => sendBack({ type: 'preview.loaded', path, url: URL.createObjectURL(bytes) }),
          (error: unknown) => {
            logError(undefined, { error })
            sendBack({ type: 'preview.failed', path })
          },
        )
      }),
    },
  })
}
