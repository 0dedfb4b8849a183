import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, type InspectionEvent } from 'xstate'
import { COLOR_PRESETS } from '../../src/domain/color-presets'
import { DEFAULT_STYLE_CONFIG, STYLE_FONTS, type StyleConfig } from '../../src/domain/style-config'
import { buildStyleLink } from '../../src/domain/style-link'
import type { Notice } from '../../src/machines/notice'
import {
  type AppliedLook,
  type StyleEvent,
  type StyleInput,
  styleMachine,
} from '../../src/machines/style.machine'
import { walkEveryTransition } from '../support/model-walk'
import { flush } from './prompt-fixtures'

const ORIGIN = 'http://localhost:3000'
const SAVED: StyleConfig = { ...DEFAULT_STYLE_CONFIG, primaryColor: '#2563EB', theme: 'light' }
const SHARED: StyleConfig = { ...DEFAULT_STYLE_CONFIG, primaryColor: '#DB2777', fontFamily: 'Lato' }

interface Recorded {
  applied: AppliedLook[]
  log: string[]
  copied: Array<{ config: StyleConfig; origin: string }>
  /** Sends what the system colour-scheme watcher would. */
  system: (dark: boolean) => void
}

function startStyle(
  input: Partial<StyleInput> = {},
  options: { copy?: () => Promise<void>; inspect?: (event: InspectionEvent) => void } = {},
) {
  const recorded: Recorded = { applied: [], log: [], copied: [], system: () => {} }
  const actor = createActor(
    styleMachine.provide({
      actors: {
        'watch system scheme': fromCallback(({ sendBack }) => {
          recorded.system = (dark) => sendBack({ type: 'system.scheme', dark })
        }),
        'copy theme link': fromPromise(async ({ input }) => {
          recorded.copied.push(input)
          return options.copy?.()
        }),
      },
      actions: {
        'apply look': (_, look: AppliedLook) => {
          recorded.applied.push(look)
        },
        'remember config': (_, { config }: { config: StyleConfig }) => {
          recorded.log.push(`remember ${config.primaryColor} ${config.theme}`)
        },
        'forget config': () => {
          recorded.log.push('forget')
        },
        'remember theme': (_, { theme }: { theme: string }) => {
          recorded.log.push(`theme ${theme}`)
        },
        'reset address': () => {
          recorded.log.push('reset address')
        },
        // Kept with the account too, through the app machine (docs/product/live-sync.md#the-style).
        'report saved': ({ context }) => {
          recorded.log.push(`keep ${context.saved.primaryColor} ${context.saved.theme}`)
        },
        notify: (_, notice: Notice) => {
          recorded.log.push(notice.message)
        },
      },
    }),
    {
      input: { saved: SAVED, systemDark: false, href: `${ORIGIN}/`, ...input },
      inspect: options.inspect,
    },
  )
  actor.start()
  const lastApplied = () => recorded.applied.at(-1)
  return { actor, recorded, lastApplied }
}

describe('style machine: edit and revert', () => {
  it('starts closed and shows the saved look', () => {
    const { actor, lastApplied } = startStyle()
    expect(actor.getSnapshot().hasTag('editing')).toBe(false)
    expect(lastApplied()).toEqual({ config: SAVED, theme: 'light' })
  })

  it('applies edits live without saving them', () => {
    const { actor, recorded, lastApplied } = startStyle()
    actor.send({ type: 'editor.open' })
    actor.send({ type: 'editor.edit', patch: { primaryColor: '#16A34A', spacing: 'compact' } })
    expect(lastApplied()?.config).toMatchObject({ primaryColor: '#16A34A', spacing: 'compact' })
    expect(actor.getSnapshot().context.saved).toEqual(SAVED)
    expect(recorded.log).toEqual([])
  })

  it("Save Changes keeps the draft, closes and says 'Style configuration saved!'", () => {
    const { actor, recorded, lastApplied } = startStyle()
    actor.send({ type: 'editor.open' })
    actor.send({ type: 'editor.edit', patch: { primaryColor: '#16A34A' } })
    actor.send({ type: 'editor.save' })
    expect(actor.getSnapshot().hasTag('editing')).toBe(false)
    expect(actor.getSnapshot().context.saved.primaryColor).toBe('#16A34A')
    expect(lastApplied()?.config.primaryColor).toBe('#16A34A')
    expect(recorded.log).toEqual([
      'remember #16A34A light',
      'keep #16A34A light',
      'Style configuration saved!',
    ])
  })

  it('Cancel (and the close button, which sends the same) puts the saved look back', () => {
    const { actor, lastApplied } = startStyle()
    actor.send({ type: 'editor.open' })
    actor.send({ type: 'editor.edit', patch: { fontFamily: 'Poppins', theme: 'dark' } })
    expect(lastApplied()).toMatchObject({ theme: 'dark' })
    actor.send({ type: 'editor.cancel' })
    expect(lastApplied()).toEqual({ config: SAVED, theme: 'light' })
    expect(actor.getSnapshot().context.draft).toEqual(SAVED)
  })

  it("Reset shows the defaults, forgets the saved look and says 'Style configuration reset to defaults'", () => {
    const { actor, recorded, lastApplied } = startStyle()
    actor.send({ type: 'editor.open' })
    actor.send({ type: 'editor.reset' })
    expect(lastApplied()).toEqual({ config: DEFAULT_STYLE_CONFIG, theme: 'dark' })
    expect(recorded.log).toEqual([
      'forget',
      'keep #6366F1 dark',
      'Style configuration reset to defaults',
    ])
    // The defaults are now what Cancel goes back to.
    actor.send({ type: 'editor.edit', patch: { primaryColor: '#DC2626' } })
    actor.send({ type: 'editor.cancel' })
    expect(lastApplied()?.config).toEqual(DEFAULT_STYLE_CONFIG)
  })

  it('never applies an invalid value: the field keeps what it had', () => {
    const { actor, lastApplied } = startStyle()
    actor.send({ type: 'editor.open' })
    actor.send({ type: 'editor.edit', patch: { primaryColor: '#16A34A' } })
    actor.send({
      type: 'editor.edit',
      patch: {
        primaryColor: 'red;background:url(x)',
        fontFamily: 'Inter; } body { display:none' as never,
        fontSize: 'huge' as never,
      },
    })
    expect(lastApplied()?.config).toMatchObject({
      primaryColor: '#16A34A',
      fontFamily: SAVED.fontFamily,
      fontSize: SAVED.fontSize,
    })
  })
})

describe('style machine: one theme setting', () => {
  it('the header toggle flips the theme and remembers it', () => {
    const { actor, recorded, lastApplied } = startStyle()
    actor.send({ type: 'theme.toggle' })
    expect(lastApplied()?.theme).toBe('dark')
    expect(actor.getSnapshot().context.saved.theme).toBe('dark')
    expect(recorded.log).toEqual(['theme dark', `keep ${SAVED.primaryColor} dark`])
  })

  it('from Auto the toggle leaves what the system shows', () => {
    const { actor, lastApplied } = startStyle({
      saved: { ...SAVED, theme: 'auto' },
      systemDark: true,
    })
    expect(lastApplied()?.theme).toBe('dark')
    actor.send({ type: 'theme.toggle' })
    expect(lastApplied()?.theme).toBe('light')
    expect(actor.getSnapshot().context.saved.theme).toBe('light')
  })

  it('Auto follows the system live; a fixed theme does not', () => {
    const { actor, recorded, lastApplied } = startStyle({ saved: { ...SAVED, theme: 'auto' } })
    expect(lastApplied()?.theme).toBe('light')
    recorded.system(true)
    expect(lastApplied()?.theme).toBe('dark')
    recorded.system(false)
    expect(lastApplied()?.theme).toBe('light')
    actor.send({ type: 'theme.toggle' })
    recorded.system(true)
    expect(lastApplied()?.theme).toBe('dark') // toggled from light to a fixed dark
    recorded.system(false)
    expect(lastApplied()?.theme).toBe('dark')
  })

  it('while editing, the toggle changes the draft, which Cancel reverts', () => {
    const { actor, lastApplied } = startStyle()
    actor.send({ type: 'editor.open' })
    actor.send({ type: 'theme.toggle' })
    expect(lastApplied()?.theme).toBe('dark')
    actor.send({ type: 'editor.cancel' })
    expect(lastApplied()?.theme).toBe('light')
  })
})

describe('style machine: themes shared by link', () => {
  it('a shared theme waits for Apply, which opens it in the editor as a draft', () => {
    const { actor, recorded, lastApplied } = startStyle({ href: buildStyleLink(ORIGIN, SHARED) })
    expect(actor.getSnapshot().hasTag('offered')).toBe(true)
    expect(lastApplied()?.config).toEqual(SAVED)
    actor.send({ type: 'offer.apply' })
    expect(actor.getSnapshot().hasTag('editing')).toBe(true)
    expect(actor.getSnapshot().hasTag('offered')).toBe(false)
    expect(lastApplied()?.config).toEqual(SHARED)
    expect(recorded.log).toEqual(['reset address'])
    actor.send({ type: 'editor.cancel' })
    expect(lastApplied()?.config).toEqual(SAVED)
  })

  it('Dismiss leaves the page as it was', () => {
    const { actor, recorded } = startStyle({ href: buildStyleLink(ORIGIN, SHARED) })
    const before = recorded.applied.length
    actor.send({ type: 'offer.dismiss' })
    expect(actor.getSnapshot().hasTag('offered')).toBe(false)
    expect(recorded.applied.length).toBe(before)
    expect(recorded.log).toEqual(['reset address'])
    // Nothing left to apply.
    actor.send({ type: 'offer.apply' })
    expect(actor.getSnapshot().hasTag('editing')).toBe(false)
  })

  it("a hostile or broken link says 'Invalid shared style link' and applies nothing from it", () => {
    const hostile = `${ORIGIN}/?style=${encodeURIComponent(JSON.stringify({ fontFamily: 'x;}*{display:none' }))}`
    for (const href of [hostile, `${ORIGIN}/?style=%7Bnope`]) {
      const { actor, recorded } = startStyle({ href })
      expect(recorded.log).toEqual(['Invalid shared style link', 'reset address'])
      expect(actor.getSnapshot().hasTag('offered')).toBe(false)
      expect(recorded.applied.map((look) => look.config)).toEqual([SAVED])
    }
  })

  it('Share theme copies a link to the draft', async () => {
    const { actor, recorded } = startStyle()
    actor.send({ type: 'editor.open' })
    actor.send({ type: 'editor.edit', patch: { primaryColor: '#0D9488' } })
    actor.send({ type: 'editor.share' })
    expect(actor.getSnapshot().hasTag('sharing')).toBe(true)
    await flush()
    expect(recorded.copied).toEqual([
      { config: { ...SAVED, primaryColor: '#0D9488' }, origin: ORIGIN },
    ])
    expect(recorded.log).toEqual(['Theme link copied to clipboard!'])
    expect(actor.getSnapshot().hasTag('sharing')).toBe(false)
  })

  it("a clipboard failure says 'Failed to copy URL'", async () => {
    const { actor, recorded } = startStyle({}, { copy: () => Promise.reject(new Error('denied')) })
    actor.send({ type: 'editor.open' })
    actor.send({ type: 'editor.share' })
    await flush()
    expect(recorded.log).toEqual(['Failed to copy URL'])
  })

  it('fails loudly when the page effects are not provided', () => {
    const actor = createActor(styleMachine, {
      input: { saved: SAVED, systemDark: false, href: `${ORIGIN}/` },
    })
    const errors: unknown[] = []
    actor.subscribe({ error: (error) => errors.push(error) })
    actor.start()
    expect(errors.length).toBe(1)
  })
})

/** Any edit the dialog can send, valid or not. */
const anyPatch: fc.Arbitrary<Partial<StyleConfig>> = fc.record(
  {
    primaryColor: fc.oneof(
      fc.constantFrom(...COLOR_PRESETS.map((preset) => preset.primary)),
      fc.string(),
    ),
    accentColor: fc.constantFrom(...COLOR_PRESETS.map((preset) => preset.accent), '#nothex'),
    fontFamily: fc.oneof(fc.constantFrom(...STYLE_FONTS), fc.string()),
    fontSize: fc.constantFrom('small', 'medium', 'large'),
    borderRadius: fc.constantFrom('none', 'small', 'medium', 'large'),
    spacing: fc.constantFrom('compact', 'normal', 'spacious'),
    theme: fc.constantFrom('light', 'dark', 'auto'),
    animations: fc.boolean(),
    messageAlignment: fc.constantFrom('left', 'center', 'right'),
    showAvatars: fc.boolean(),
    showTimestamps: fc.boolean(),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<Partial<StyleConfig>>

describe('style machine properties', () => {
  it('any edits, toggles and resets followed by Cancel leave the page showing the saved look', () => {
    const step = fc.oneof(
      anyPatch.map((patch): StyleEvent => ({ type: 'editor.edit', patch })),
      fc.constant<StyleEvent>({ type: 'theme.toggle' }),
      fc.boolean().map((dark): StyleEvent => ({ type: 'system.scheme', dark })),
    )
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), fc.boolean(), (steps, reset) => {
        const { actor, lastApplied } = startStyle()
        actor.send({ type: 'editor.open' })
        if (reset) actor.send({ type: 'editor.reset' })
        for (const event of steps) actor.send(event)
        const { saved } = actor.getSnapshot().context
        actor.send({ type: 'editor.cancel' })
        expect(lastApplied()?.config).toEqual(saved)
        expect(actor.getSnapshot().context.draft).toEqual(saved)
      }),
    )
  })
})

describe('style machine model', () => {
  it('walks every declared transition on a real actor', async () => {
    const { missing } = await walkEveryTransition({
      machine: styleMachine,
      inputs: [`${ORIGIN}/`, buildStyleLink(ORIGIN, SHARED), `${ORIGIN}/?style=%5B1%5D`].map(
        (href) => ({ saved: SAVED, systemDark: false, href }),
      ),
      events: [
        { type: 'theme.toggle' },
        { type: 'editor.open' },
        { type: 'editor.edit', patch: { primaryColor: '#16A34A' } },
        { type: 'editor.save' },
        { type: 'editor.cancel' },
        { type: 'editor.reset' },
        { type: 'editor.share' },
        { type: 'offer.apply' },
        { type: 'offer.dismiss' },
        { type: 'system.scheme', dark: true },
        // docs/product/live-sync.md#the-style: the account's style, another or the same.
        { type: 'style.synced', config: SHARED },
        { type: 'xstate.done.actor.copy theme link' },
        { type: 'xstate.error.actor.copy theme link', error: new Error('denied') },
      ],
      deferredActors: ['copy theme link'],
      fixedActors: { 'watch system scheme': fromCallback(() => {}) },
      noopActions: [
        'apply look',
        'remember config',
        'forget config',
        'remember theme',
        'reset address',
        'notify',
        'report saved',
      ],
      // What the guards read: the state, and whether the account's style is the one kept.
      serialize: ({ value, context }) =>
        JSON.stringify([value, context.saved.primaryColor === SHARED.primaryColor]),
      tags: ['editing', 'sharing', 'offered'],
    })
    expect(missing).toEqual([])
  })
})
