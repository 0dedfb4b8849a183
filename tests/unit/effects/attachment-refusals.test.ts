import { describe, expect, it } from 'vitest'
import { createActor, setup } from 'xstate'
import type { MessageAttachment } from '../../../src/domain/attachments'
import { createAttachmentContents } from '../../../src/effects/attachment-contents'
import { prepareFile } from '../../../src/effects/attachment-files'
import { provideComposerAttachments } from '../../../src/effects/composer-attachments-effects'
import type { Notice } from '../../../src/machines/notice'
import type { PlatformClient } from '../../../src/platform/index'
import { png } from '../../support/tiny-images'

// docs/product/errors.md#attachments: each refusal names the file and says why, in the words
// the user reads in its toast (or, for a stored file a turn needs, in the turn's failure).

const MB = 1024 * 1024
const unscaled = async () => {
  throw new Error('no canvas here')
}

/** A file whose bytes cannot be read (the disk went away, the permission was revoked). */
function unreadableFile(name: string, bytes: Uint8Array): File {
  const file = new File([bytes as BlobPart], name)
  const broken = () => ({ arrayBuffer: () => Promise.reject(new Error('NotReadableError')) })
  Object.defineProperty(file, 'slice', { value: broken })
  Object.defineProperty(file, 'arrayBuffer', { value: broken().arrayBuffer })
  return file
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'taken',
    (error: Error) => error.message,
  )

describe('a file refused as it is added', () => {
  it('a text file over 1 MB says its size and the limit', async () => {
    const text = new File(['a'.repeat(2 * MB + 1)], 'notes.md')
    expect(await refusal(prepareFile(text, unscaled))).toBe(
      '“notes.md” is too large (2.1 MB). Text files can be at most 1 MB.',
    )
  })

  it('a file whose bytes cannot be read, or an image that cannot be drawn, “could not be read”', async () => {
    expect(await refusal(prepareFile(unreadableFile('scan.png', png(2, 2)), unscaled))).toBe(
      '“scan.png” could not be read.',
    )
    const image = new File([png(2, 2) as BlobPart], 'photo.png')
    expect(await refusal(prepareFile(image, unscaled))).toBe('“photo.png” could not be read.')
  })

  it('an empty file, and bytes that are no text, are refused by name', async () => {
    expect(await refusal(prepareFile(new File([], 'blank.txt'), unscaled))).toBe(
      '“blank.txt” is empty.',
    )
    const binary = new File([new Uint8Array([0x41, 0x00, 0x42])], 'data.txt')
    expect(await refusal(prepareFile(binary, unscaled))).toBe(
      '“data.txt” can’t be attached. Attach PNG, JPEG, WebP or GIF images, or text files.',
    )
  })
})

describe('a file the upload lost', () => {
  it('says “could not be uploaded. Try again.”, and the chip goes', async () => {
    const notices: Notice[] = []
    const platform = {
      storage: {
        upload: () => Promise.reject(new Error('503 Service Unavailable')),
        remove: async () => {},
      },
    } as unknown as PlatformClient
    const logged: unknown[] = []
    const originalError = console.error
    console.error = (error: unknown) => void logged.push(error)
    try {
      // The composer reports to the app machine; here a parent that only hosts it.
      const host = createActor(
        setup({
          actors: {
            composer: provideComposerAttachments({
              platform,
              currentUserId: () => 'user_1',
              notify: (notice) => void notices.push(notice),
            }),
          },
        }).createMachine({ invoke: { id: 'composer', src: 'composer' } }),
      ).start()
      const composer = host.getSnapshot().children.composer!
      composer.send({ type: 'attachments.add', files: [new File(['hello'], 'hello.txt')] })
      await expect.poll(() => notices.length).toBe(1)
      expect(notices[0]).toMatchObject({
        kind: 'error',
        message: '“hello.txt” could not be uploaded. Try again.',
      })
      expect(composer.getSnapshot().context.items).toEqual([])
      // The cause is logged for whoever looks; the user is told what to do.
      expect(String(logged[0])).toContain('503')
      host.stop()
    } finally {
      console.error = originalError
    }
  })
})

describe('a stored file a turn needs', () => {
  const attachment: MessageAttachment = {
    id: 'att_1',
    path: 'user_1/attachments/abc',
    name: 'map.png',
    mediaType: 'image/png',
    kind: 'image',
    size: 10,
    width: 2,
    height: 2,
  }
  const turn = { role: 'user' as const, content: 'Where?', attachments: [attachment] }

  it('that cannot be read names it, and is read again on the next turn', async () => {
    let reads = 0
    const contents = createAttachmentContents(async () => {
      reads++
      if (reads === 1) throw new Error('404 File not found')
      return new Blob([png(2, 2) as BlobPart])
    })
    expect(await refusal(contents.turnsWithContents([turn]))).toBe(
      'The attachment “map.png” could not be loaded.',
    )
    const [sent] = await contents.turnsWithContents([turn])
    expect(sent?.attachments?.[0]).toMatchObject({ kind: 'image', name: 'map.png' })
    expect(reads).toBe(2)
  })
})
