import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { buildShareLink } from '../../src/domain/share-link-builder'
import type { Notice } from '../../src/machines/notice'
import { sharedPromptMachine } from '../../src/machines/shared-prompt.machine'
import { walkEveryTransition } from '../support/model-walk'
import { flush } from './prompt-fixtures'

const ORIGIN = 'http://localhost:3000'
const SHARED = { title: 'Poet', content: 'Write a haiku', type: 'user' as const }
const LINK = buildShareLink(ORIGIN, SHARED)

function startShared(href: string, add: () => Promise<unknown> = async () => undefined) {
  const log: string[] = []
  const added: unknown[] = []
  const actor = createActor(
    sharedPromptMachine.provide({
      actors: {
        'add shared prompt': fromPromise(async ({ input }) => {
          added.push(input.prompt)
          return add()
        }),
      },
      actions: {
        notify: (_, n: Notice) => {
          log.push(n.message)
        },
        'reset address': () => {
          log.push('reset address')
        },
        'announce change': () => {
          log.push('announce')
        },
      },
    }),
    { input: { href } },
  )
  actor.start()
  return { actor, log, added }
}

describe('shared prompt machine', () => {
  it('an address without a prompt parameter has nothing pending', () => {
    const { actor, log } = startShared(`${ORIGIN}/`)
    expect(actor.getSnapshot().hasTag('pending')).toBe(false)
    expect(log).toEqual([])
  })

  it('a share link is pending until added: toast, address reset, lists reload', async () => {
    const { actor, log, added } = startShared(LINK)
    expect(actor.getSnapshot().hasTag('pending')).toBe(true)
    expect(actor.getSnapshot().context.prompt).toEqual(SHARED)
    actor.send({ type: 'shared.add' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await flush()
    expect(added).toEqual([SHARED])
    expect(log).toEqual(['Prompt added to your library!', 'reset address', 'announce'])
    expect(actor.getSnapshot().hasTag('pending')).toBe(false)
  })

  it("a failed add says 'Failed to add prompt' and keeps the banner", async () => {
    const { actor, log } = startShared(LINK, () => Promise.reject(new Error('x')))
    actor.send({ type: 'shared.add' })
    await flush()
    expect(log).toEqual(['Failed to add prompt'])
    expect(actor.getSnapshot().hasTag('pending')).toBe(true)
  })

  it('Dismiss clears it and resets the address', () => {
    const { actor, log } = startShared(LINK)
    actor.send({ type: 'shared.dismiss' })
    expect(actor.getSnapshot().context.prompt).toBeNull()
    expect(log).toEqual(['reset address'])
  })

  it("garbage says 'Invalid shared prompt URL'", () => {
    const { actor, log } = startShared(`${ORIGIN}/?prompt=%7Bnot-json`)
    expect(log).toEqual(['Invalid shared prompt URL'])
    expect(actor.getSnapshot().hasTag('pending')).toBe(false)
  })
})

describe('shared prompt machine model', () => {
  it('walks every declared transition from each kind of address', async () => {
    const { missing } = await walkEveryTransition({
      machine: sharedPromptMachine,
      inputs: [LINK, `${ORIGIN}/`, `${ORIGIN}/?prompt=[1]`].map((href) => ({ href })),
      events: [
        { type: 'shared.add' },
        { type: 'shared.dismiss' },
        { type: 'xstate.done.actor.add shared prompt' },
        { type: 'xstate.error.actor.add shared prompt', error: new Error('x') },
      ],
      deferredActors: ['add shared prompt'],
      noopActions: ['notify', 'reset address', 'announce change'],
      serialize: ({ value }) => JSON.stringify(value),
      tags: ['pending', 'busy'],
    })
    // A transition counts as walked when any of the three addresses took it.
    expect(missing).toEqual([])
  })
})
