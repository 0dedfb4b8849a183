import { describe, expect, it } from 'vitest'
import { createActor, type EventObject, fromCallback, setup } from 'xstate'
import { ATTACHMENT_MESSAGES } from '../../src/domain/attachment-messages'
import type { MessageAttachment } from '../../src/domain/attachments'
import type { AppReport } from '../../src/machines/app-reports'
import {
  type AddFileInput,
  type ComposerAttachmentsEvent,
  composerAttachmentsMachine,
} from '../../src/machines/composer-attachments.machine'
import type { Notice } from '../../src/machines/notice'
import { walkEveryTransition } from '../support/model-walk'

// docs/product/attachments.md#adding-files: each file is prepared and uploaded by its own child;
// a refused one leaves with a toast; the app machine hears every change.

const stored = (name: string): MessageAttachment => ({
  id: `att_${name.length.toString().padStart(32, '0')}`,
  kind: 'image',
  name,
  mediaType: 'image/png',
  size: 10,
  width: 2,
  height: 2,
  path: `user_1/attachments/${name}`,
})
const fileNamed = (name: string) => new File(['x'], name)

/** The machine under a parent that keeps its reports; each file's child is driven by hand. */
function start() {
  const reports: Extract<AppReport, { type: 'attachments.changed' }>[] = []
  const notices: Notice[] = []
  const released: string[] = []
  const forgotten: string[] = []
  const children = new Map<
    string,
    { send: (e: ComposerAttachmentsEvent) => void; stopped: boolean }
  >()
  const logic = composerAttachmentsMachine.provide({
    actors: {
      'add file': fromCallback<EventObject, AddFileInput>(({ input, sendBack }) => {
        const child = { send: (e: ComposerAttachmentsEvent) => sendBack(e), stopped: false }
        children.set(input.file.name, child)
        return () => {
          child.stopped = true
        }
      }),
    },
    actions: {
      notify: (_, notice: Notice) => void notices.push(notice),
      'release previews': (_, { urls }: { urls: string[] }) => void released.push(...urls),
      'forget upload': (_, { path }: { path: string | null }) => {
        if (path) forgotten.push(path)
      },
    },
  })
  const parent = setup({ actors: { composer: logic } }).createMachine({
    invoke: { id: 'composer', src: 'composer' },
    on: {
      'attachments.changed': {
        actions: ({ event }) => reports.push(event as (typeof reports)[number]),
      },
    },
  })
  const actor = createActor(parent).start()
  const composer = () => actor.getSnapshot().children.composer!
  const send = (event: ComposerAttachmentsEvent) => composer().send(event)
  const items = () => (composer().getSnapshot() as { context: { items: unknown[] } }).context.items
  const child = (name: string) => {
    const found = children.get(name)
    if (!found) throw new Error(`no child for ${name}`)
    return found
  }
  return { send, items, reports, notices, released, forgotten, child, composer }
}

describe('composer attachments machine', () => {
  it('adds each file as a chip, busy until its upload is done, and reports what is ready', () => {
    const t = start()
    t.send({ type: 'attachments.add', files: [fileNamed('a.png'), fileNamed('b.png')] })
    expect(t.items()).toMatchObject([
      { id: 'file-0', name: 'a.png', attachment: null },
      { id: 'file-1', name: 'b.png', attachment: null },
    ])
    expect(t.reports.at(-1)).toEqual({ type: 'attachments.changed', attachments: [], busy: true })
    t.child('a.png').send({
      type: 'attachment.read',
      id: 'file-0',
      kind: 'image',
      previewUrl: 'blob:a',
    })
    t.child('a.png').send({ type: 'attachment.ready', id: 'file-0', attachment: stored('a.png') })
    expect(t.reports.at(-1)).toEqual({
      type: 'attachments.changed',
      attachments: [stored('a.png')],
      busy: true,
    })
    t.child('b.png').send({ type: 'attachment.ready', id: 'file-1', attachment: stored('b.png') })
    expect(t.reports.at(-1)).toEqual({
      type: 'attachments.changed',
      attachments: [stored('a.png'), stored('b.png')],
      busy: false,
    })
    expect(t.composer().getSnapshot().hasTag('busy')).toBe(false)
  })

  it('drops a refused file with its message; the others stay', () => {
    const t = start()
    t.send({ type: 'attachments.add', files: [fileNamed('ok.png'), fileNamed('bad.exe')] })
    t.child('ok.png').send({ type: 'attachment.ready', id: 'file-0', attachment: stored('ok.png') })
    const refusal = ATTACHMENT_MESSAGES.unsupported('bad.exe')
    t.child('bad.exe').send({ type: 'attachment.failed', id: 'file-1', message: refusal })
    expect(t.notices).toEqual([{ kind: 'error', message: refusal }])
    expect(t.items()).toMatchObject([{ name: 'ok.png' }])
    expect(t.reports.at(-1)).toEqual({
      type: 'attachments.changed',
      attachments: [stored('ok.png')],
      busy: false,
    })
  })

  it('takes at most 10 files: the rest are refused with the limit', () => {
    const t = start()
    const files = Array.from({ length: 12 }, (_, i) => fileNamed(`f${i}.txt`))
    t.send({ type: 'attachments.add', files })
    expect(t.items()).toHaveLength(10)
    expect(t.notices).toEqual([{ kind: 'error', message: ATTACHMENT_MESSAGES.tooMany }])
    t.send({ type: 'attachments.add', files: [fileNamed('more.txt')] })
    expect(t.items()).toHaveLength(10)
    expect(t.notices).toHaveLength(2)
  })

  it('a removed file stops its upload, or forgets the stored file; its preview is freed', () => {
    const t = start()
    t.send({ type: 'attachments.add', files: [fileNamed('slow.png'), fileNamed('done.png')] })
    t.child('slow.png').send({
      type: 'attachment.read',
      id: 'file-0',
      kind: 'image',
      previewUrl: 'blob:slow',
    })
    t.child('done.png').send({
      type: 'attachment.ready',
      id: 'file-1',
      attachment: stored('done.png'),
    })
    t.send({ type: 'attachments.remove', id: 'file-0' })
    expect(t.child('slow.png').stopped).toBe(true)
    expect(t.released).toEqual(['blob:slow'])
    t.send({ type: 'attachments.remove', id: 'file-1' })
    expect(t.forgotten).toEqual(['user_1/attachments/done.png'])
    expect(t.items()).toEqual([])
    expect(t.reports.at(-1)).toEqual({ type: 'attachments.changed', attachments: [], busy: false })
  })

  it('once sent, lets go of its files without removing them', () => {
    const t = start()
    t.send({ type: 'attachments.add', files: [fileNamed('a.png')] })
    t.child('a.png').send({
      type: 'attachment.read',
      id: 'file-0',
      kind: 'image',
      previewUrl: 'blob:a',
    })
    t.child('a.png').send({ type: 'attachment.ready', id: 'file-0', attachment: stored('a.png') })
    t.send({ type: 'chat.attachmentsSent' })
    expect(t.items()).toEqual([])
    expect(t.forgotten).toEqual([])
    expect(t.released).toEqual(['blob:a'])
  })
})

describe('composer attachments machine model', () => {
  it('walks every declared transition', async () => {
    const { missing } = await walkEveryTransition({
      machine: composerAttachmentsMachine,
      events: [
        { type: 'attachments.add', files: [fileNamed('a.png')] },
        { type: 'attachments.add', files: Array.from({ length: 11 }, (_, i) => fileNamed(`${i}`)) },
        { type: 'attachment.read', id: 'file-0', kind: 'image', previewUrl: null },
        { type: 'attachment.ready', id: 'file-0', attachment: stored('a.png') },
        { type: 'attachment.failed', id: 'file-0', message: 'no' },
        { type: 'attachments.remove', id: 'file-0' },
        { type: 'chat.attachmentsSent' },
      ],
      fixedActors: { 'add file': fromCallback(() => {}) },
      noopActions: ['notify', 'release previews', 'forget upload', 'report'],
      tags: ['busy'],
      // The files' count and readiness are what the guards read (not their keys' numbers).
      serialize: ({ value, context }) =>
        JSON.stringify([
          value,
          context.items.map((item) => [item.id === 'file-0', !!item.attachment]),
        ]),
    })
    expect(missing).toEqual([])
  })
})
