import { describe, expect, it } from 'vitest'
import { createActor, type EventObject, fromCallback } from 'xstate'
import type { MessageAttachment } from '../../src/domain/attachments'
import {
  type AttachmentPreviewsEvent,
  attachmentPreviewsMachine,
} from '../../src/machines/attachment-previews.machine'
import { walkEveryTransition } from '../support/model-walk'

// docs/product/attachments.md#in-the-history: each image is read once, the first time it shows;
// a failed read is tried again the next time; a click opens it large.

const PHOTO: MessageAttachment = {
  id: 'att_00000000000000000000000000000001',
  kind: 'image',
  name: 'photo.png',
  mediaType: 'image/png',
  size: 10,
  width: 640,
  height: 480,
  path: 'user_1/attachments/photo.png',
}

function start() {
  const reads: string[] = []
  const loaders = new Map<string, (event: AttachmentPreviewsEvent) => void>()
  const actor = createActor(
    attachmentPreviewsMachine.provide({
      actors: {
        'load preview': fromCallback<EventObject, { path: string }>(({ input, sendBack }) => {
          reads.push(input.path)
          loaders.set(input.path, sendBack)
        }),
      },
    }),
  ).start()
  const previews = () => actor.getSnapshot().context.previews
  return { actor, reads, previews, loader: (path: string) => loaders.get(path)! }
}

describe('attachment previews machine', () => {
  it('reads each image once, however often it shows', () => {
    const t = start()
    t.actor.send({ type: 'preview.want', path: PHOTO.path })
    t.actor.send({ type: 'preview.want', path: PHOTO.path })
    expect(t.reads).toEqual([PHOTO.path])
    expect(t.previews()[PHOTO.path]).toEqual({ status: 'loading' })
    t.loader(PHOTO.path)({ type: 'preview.loaded', path: PHOTO.path, url: 'blob:photo' })
    t.actor.send({ type: 'preview.want', path: PHOTO.path })
    expect(t.reads).toEqual([PHOTO.path])
    expect(t.previews()[PHOTO.path]).toEqual({ status: 'ready', url: 'blob:photo' })
  })

  it('tries a failed read again the next time the image shows', () => {
    const t = start()
    t.actor.send({ type: 'preview.want', path: PHOTO.path })
    t.loader(PHOTO.path)({ type: 'preview.failed', path: PHOTO.path })
    expect(t.previews()[PHOTO.path]).toEqual({ status: 'failed' })
    t.actor.send({ type: 'preview.want', path: PHOTO.path })
    expect(t.reads).toEqual([PHOTO.path, PHOTO.path])
  })

  it('opens an image large and closes it', () => {
    const t = start()
    t.actor.send({ type: 'viewer.open', attachment: PHOTO })
    expect(t.actor.getSnapshot().context.viewing).toEqual(PHOTO)
    t.actor.send({ type: 'viewer.close' })
    expect(t.actor.getSnapshot().context.viewing).toBeNull()
  })
})

describe('attachment previews machine model', () => {
  it('walks every declared transition', async () => {
    const { missing } = await walkEveryTransition({
      machine: attachmentPreviewsMachine,
      events: [
        { type: 'preview.want', path: PHOTO.path },
        { type: 'preview.loaded', path: PHOTO.path, url: 'blob:photo' },
        { type: 'preview.failed', path: PHOTO.path },
        { type: 'viewer.open', attachment: PHOTO },
        { type: 'viewer.close' },
      ],
      fixedActors: { 'load preview': fromCallback(() => {}) },
      tags: [],
      serialize: ({ value, context }) =>
        JSON.stringify([value, context.previews[PHOTO.path]?.status ?? null]),
    })
    expect(missing).toEqual([])
  })
})
