import { assign, fromCallback, fromPromise, sendParent, setup, stateIn } from 'xstate'
import {
  applyStylePatch,
  DEFAULT_STYLE_CONFIG,
  mergeStyleConfig,
  type StyleConfig,
  type ThemeChoice,
} from '../domain/style-config'
import { parseStyleLink } from '../domain/style-link'
import type { AppReport } from './app-reports'
import { notProvided } from './not-provided'
import type { Notice } from './notice'

/** The two looks a page can have; `auto` resolves to one of them. */
export type Theme = 'dark' | 'light'

export interface StyleInput {
  /** The remembered look: `styleConfig` over the defaults, its theme one setting with `theme`. */
  saved: StyleConfig
  /** Whether the system prefers dark when the page starts. */
  systemDark: boolean
  /** The page address at start; its `style` parameter carries a shared theme. */
  href: string
}

export interface StyleContext {
  /** What Save Changes last kept (or the defaults after Reset). */
  saved: StyleConfig
  /** What the page shows: the saved look while closed, the edit in progress while editing. */
  draft: StyleConfig
  systemDark: boolean
  /** A theme shared by link, until applied or dismissed. */
  offer: StyleConfig | null
  offerInvalid: boolean
  /** Where share links point: the address the app is served from. */
  origin: string
}

export type StyleEvent =
  | { type: 'theme.toggle' }
  | { type: 'editor.open' }
  | { type: 'editor.edit'; patch: Partial<StyleConfig> }
  | { type: 'editor.save' }
  | { type: 'editor.cancel' }
  | { type: 'editor.reset' }
  | { type: 'editor.share' }
  | { type: 'offer.apply' }
  | { type: 'offer.dismiss' }
  /** From the system colour-scheme watcher. */
  | { type: 'system.scheme'; dark: boolean }
  /**
   * Through the app machine, the style kept with the account: read at sign-in, or saved on
   * another device (docs/product/live-sync.md#the-style).
   */
  | { type: 'style.synced'; config: unknown }

/** What the page shows for a theme choice, given the system's preference. */
export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  if (choice === 'auto') return systemDark ? 'dark' : 'light'
  return choice
}

/** The theme on screen now. */
export function shownTheme(context: StyleContext): Theme {
  return resolveTheme(context.draft.theme, context.systemDark)
}

/** The header toggle flips what is on screen, so from `auto` it leaves the system's choice. */
function toggled(config: StyleConfig, systemDark: boolean): StyleConfig {
  const shown = resolveTheme(config.theme, systemDark)
  return { ...config, theme: shown === 'dark' ? 'light' : 'dark' }
}

export interface AppliedLook {
  config: StyleConfig
  theme: Theme
}

// Every change to the draft ends with this, so the page always shows the draft.
const applyDraft = {
  type: 'apply look',
  params: ({ context }: { context: StyleContext }): AppliedLook => ({
    config: context.draft,
    theme: shownTheme(context),
  }),
} as const

/**
 * Style edit and revert (docs/product/behaviour.md, docs/product/style.md). `draft` is always
 * what the page shows: edits change it live, Cancel puts the saved look back, Save keeps it.
 * The header's theme toggle and the Layout tab's theme are the same field of the config.
 */
export const styleMachine = setup({
  types: {
    input: {} as StyleInput,
    context: {} as StyleContext,
    events: {} as StyleEvent,
  },
  actors: {
    // Reports `system.scheme` whenever the system's dark preference changes.
    'watch system scheme': fromCallback(() => {
      throw notProvided('watch system scheme')
    }),
    // Copies the draft's share link to the clipboard.
    'copy theme link': fromPromise<void, { config: StyleConfig; origin: string }>(async () => {
      throw notProvided('copy theme link')
    }),
  },
  actions: {
    'apply look': (_, _params: AppliedLook) => {
      throw notProvided('apply look')
    },
    'remember config': (_, _params: { config: StyleConfig }) => {
      throw notProvided('remember config')
    },
    'forget config': () => {
      throw notProvided('forget config')
    },
    'remember theme': (_, _params: { theme: Theme }) => {
      throw notProvided('remember theme')
    },
    'reset address': () => {
      throw notProvided('reset address')
    },
    notify: (_, _params: Notice) => {
      throw notProvided('notify')
    },
    'take offer': assign({ draft: ({ context }) => context.offer ?? context.draft }),
    // Routed by the app machine to the live changes actor, which keeps it with the account.
    'report saved': sendParent(
      ({ context }): AppReport => ({ type: 'style.saved', config: context.saved }),
    ),
  },
  guards: {
    'another style?': ({ context, event }) =>
      event.type === 'style.synced' &&
      JSON.stringify(mergeStyleConfig(event.config)) !== JSON.stringify(context.saved),
    'has offer?': ({ context }) => context.offer !== null,
    'offer unreadable?': ({ context }) => context.offerInvalid,
    'offered?': stateIn({ offer: 'offered' }),
  },
}).createMachine({
  id: 'style',
  context: ({ input }) => {
    const link = parseStyleLink(input.href)
    return {
      saved: input.saved,
      draft: input.saved,
      systemDark: input.systemDark,
      offer: link.kind === 'style' ? link.config : null,
      offerInvalid: link.kind === 'invalid',
      origin: new URL(input.href).origin,
    }
  },
  invoke: { id: 'watch system scheme', src: 'watch system scheme' },
  on: {
    'system.scheme': {
      actions: [assign({ systemDark: ({ event }) => event.dark }), applyDraft],
    },
  },
  type: 'parallel',
  states: {
    editor: {
      initial: 'closed',
      states: {
        closed: {
          // Opening the page, Save and Cancel all land here: show the saved look.
          entry: [assign({ draft: ({ context }) => context.saved }), applyDraft],
          on: {
            'editor.open': 'editing',
            'offer.apply': {
              guard: 'offered?',
              target: 'editing',
              actions: ['take offer', applyDraft],
            },
            'theme.toggle': {
              actions: [
                assign(({ context }) => {
                  const next = toggled(context.saved, context.systemDark)
                  return { saved: next, draft: next }
                }),
                applyDraft,
                {
                  type: 'remember theme',
                  params: ({ context }) => ({ theme: context.saved.theme as Theme }),
                },
                'report saved',
              ],
            },
            // Shown at once, and kept in this browser for the next start.
            'style.synced': {
              guard: 'another style?',
              actions: [
                assign(({ event }) => {
                  const config = mergeStyleConfig(event.config)
                  return { saved: config, draft: config }
                }),
                applyDraft,
                { type: 'remember config', params: ({ context }) => ({ config: context.saved }) },
              ],
            },
          },
        },
        editing: {
          tags: 'editing',
          initial: 'idle',
          states: {
            idle: { on: { 'editor.share': 'sharing' } },
            sharing: {
              tags: 'sharing',
              invoke: {
                id: 'copy theme link',
                src: 'copy theme link',
                input: ({ context }) => ({ config: context.draft, origin: context.origin }),
                onDone: {
                  target: 'idle',
                  actions: {
                    type: 'notify',
                    params: { kind: 'success', message: 'Theme link copied to clipboard!' },
                  },
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'notify',
                    params: { kind: 'error', message: 'Failed to copy URL' },
                  },
                },
              },
            },
          },
          on: {
            'editor.edit': {
              actions: [
                assign({
                  draft: ({ context, event }) => applyStylePatch(context.draft, event.patch),
                }),
                applyDraft,
              ],
            },
            'theme.toggle': {
              actions: [
                assign({ draft: ({ context }) => toggled(context.draft, context.systemDark) }),
                applyDraft,
              ],
            },
            'editor.save': {
              target: 'closed',
              actions: [
                assign({ saved: ({ context }) => context.draft }),
                { type: 'remember config', params: ({ context }) => ({ config: context.draft }) },
                'report saved',
                {
                  type: 'notify',
                  params: { kind: 'success', message: 'Style configuration saved!' },
                },
              ],
            },
            // The edit in progress stays on screen; Cancel goes back to the account's.
            'style.synced': {
              guard: 'another style?',
              actions: [
                assign({ saved: ({ event }) => mergeStyleConfig(event.config) }),
                { type: 'remember config', params: ({ context }) => ({ config: context.saved }) },
              ],
            },
            'editor.cancel': 'closed',
            'offer.apply': { guard: 'offered?', actions: ['take offer', applyDraft] },
            'editor.reset': {
              actions: [
                assign({ saved: DEFAULT_STYLE_CONFIG, draft: DEFAULT_STYLE_CONFIG }),
                applyDraft,
                'forget config',
                'report saved',
                {
                  type: 'notify',
                  params: { kind: 'success', message: 'Style configuration reset to defaults' },
                },
              ],
            },
          },
        },
      },
    },
    offer: {
      initial: 'reading',
      states: {
        reading: {
          always: [
            { guard: 'has offer?', target: 'offered' },
            { guard: 'offer unreadable?', target: 'invalid' },
            { target: 'none' },
          ],
        },
        none: {},
        invalid: {
          entry: [
            { type: 'notify', params: { kind: 'error', message: 'Invalid shared style link' } },
            'reset address',
          ],
        },
        offered: {
          tags: 'offered',
          on: {
            // The editor region takes the theme in as its draft; here the banner goes away.
            'offer.apply': { target: 'none', actions: 'reset address' },
            'offer.dismiss': { target: 'none', actions: 'reset address' },
          },
        },
      },
    },
  },
})
