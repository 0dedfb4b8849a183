import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import {
  DOWNLOAD_FAILED,
  DOWNLOAD_STARTED,
  EXTENSIONS_PAGE_COPIED,
  EXTENSIONS_PAGE_COPY_FAILED,
  installExtensionMachine,
} from '../../src/machines/install-extension.machine'
import type { Notice } from '../../src/machines/notice'
import { settles, walkEveryTransition } from '../support/model-walk'
import { flush } from './prompt-fixtures'

const fail = () => Promise.reject(new Error('refused'))

function startInstall(fakes: { download?: () => Promise<void>; copy?: () => Promise<void> } = {}) {
  const notices: Notice[] = []
  const downloads: string[] = []
  const copied: string[] = []
  const actor = createActor(
    installExtensionMachine.provide({
      actors: {
        'start download': fromPromise(async ({ input }) => {
          downloads.push(input.url)
          await fakes.download?.()
        }),
        'copy text': fromPromise(async ({ input }) => {
          copied.push(input.text)
          await fakes.copy?.()
        }),
      },
      actions: {
        notify: (_, notice: Notice) => {
          notices.push(notice)
        },
      },
    }),
  )
  actor.start()
  return { actor, notices, downloads, copied }
}

describe('install extension machine', () => {
  it('starts closed; opens and closes', () => {
    const { actor } = startInstall()
    expect(actor.getSnapshot().hasTag('open')).toBe(false)
    actor.send({ type: 'install.open' })
    expect(actor.getSnapshot().hasTag('open')).toBe(true)
    actor.send({ type: 'install.close' })
    expect(actor.getSnapshot().hasTag('open')).toBe(false)
  })

  it('Download Extension fetches /chrome-extension.zip from the site root and says so', async () => {
    const { actor, notices, downloads } = startInstall()
    actor.send({ type: 'install.open' })
    actor.send({ type: 'install.download' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await flush()
    expect(downloads).toEqual(['/chrome-extension.zip'])
    expect(notices).toEqual([{ kind: 'success', message: DOWNLOAD_STARTED }])
    expect(DOWNLOAD_STARTED).toBe(
      'Extension download started! Extract the chrome-extension folder from the zip file.',
    )
    expect(actor.getSnapshot().hasTag('open')).toBe(true)
    expect(actor.getSnapshot().hasTag('busy')).toBe(false)
  })

  it('Extensions Page copies chrome://extensions and shows an info toast for 8 seconds', async () => {
    const { actor, notices, copied } = startInstall()
    actor.send({ type: 'install.open' })
    actor.send({ type: 'install.copyExtensionsPage' })
    await flush()
    expect(copied).toEqual(['chrome://extensions'])
    expect(notices).toEqual([{ kind: 'info', message: EXTENSIONS_PAGE_COPIED, durationMs: 8000 }])
    expect(EXTENSIONS_PAGE_COPIED).toContain('chrome://extensions')
  })

  it('a refused clipboard or download says so, and the dialog stays open', async () => {
    const { actor, notices } = startInstall({ download: fail, copy: fail })
    actor.send({ type: 'install.open' })
    actor.send({ type: 'install.copyExtensionsPage' })
    await flush()
    actor.send({ type: 'install.download' })
    await flush()
    expect(notices).toEqual([
      { kind: 'error', message: EXTENSIONS_PAGE_COPY_FAILED },
      { kind: 'error', message: DOWNLOAD_FAILED },
    ])
    expect(EXTENSIONS_PAGE_COPY_FAILED).toContain('chrome://extensions')
    expect(actor.getSnapshot().hasTag('open')).toBe(true)
  })

  it('the actions are not offered while the dialog is closed', async () => {
    const { actor, notices, downloads, copied } = startInstall()
    actor.send({ type: 'install.download' })
    actor.send({ type: 'install.copyExtensionsPage' })
    await flush()
    expect([notices, downloads, copied]).toEqual([[], [], []])
  })
})

describe('install extension machine model', () => {
  it('walks every declared transition', async () => {
    const { missing } = await walkEveryTransition({
      machine: installExtensionMachine,
      events: [
        { type: 'install.open' },
        { type: 'install.close' },
        { type: 'install.download' },
        { type: 'install.copyExtensionsPage' },
        ...settles('start download'),
        ...settles('copy text'),
      ],
      deferredActors: ['start download', 'copy text'],
      noopActions: ['notify'],
      serialize: ({ value }) => JSON.stringify(value),
      tags: ['open', 'busy'],
    })
    expect(missing).toEqual([])
  })
})
