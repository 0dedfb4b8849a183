import { fromCallback, fromPromise } from 'xstate'
import { hexToHsl } from '../domain/color'
import { readStoredJson } from '../domain/stored-json'
import {
  DEFAULT_STYLE_CONFIG,
  mergeStyleConfig,
  parseStyleConfig,
  STYLE_CONFIG_STORAGE_KEY,
  type StyleConfig,
} from '../domain/style-config'
import { buildStyleLink, stripStyleParam } from '../domain/style-link'
import { primaryForeground, readableText } from '../domain/text-colors'
import { type AppliedLook, styleMachine, type Theme } from '../machines/style.machine'
import type { KeyValueStorage } from '../platform/index'
import type { AddressBar } from './address-bar'
import { fontStack, loadFont } from './font-faces'
import { showToast } from './notify'

/** The header toggle's own key (docs/product/limits.md): `dark` or `light`. */
const THEME_STORAGE_KEY = 'theme'

const FONT_SIZES = { small: '14px', medium: '16px', large: '18px' } as const
const RADII = { none: '0px', small: '4px', medium: '8px', large: '12px' } as const
const PAGE_CLASSES = [
  'dark',
  'light',
  'spacing-compact',
  'spacing-normal',
  'spacing-spacious',
  'no-animations',
]

export interface StyleEnv extends AddressBar {
  storage: KeyValueStorage
  rootElement: HTMLElement
  /** Whether the system prefers dark now, and a way to hear when that changes. */
  systemScheme: SystemScheme
}

export interface SystemScheme {
  prefersDark(): boolean
  onChange(listener: (dark: boolean) => void): () => void
}

/**
 * The remembered look. The theme is one setting with two keys: a saved `styleConfig` that
 * names a valid theme wins; otherwise the header toggle's `theme` key (dark unless it says
 * light). The saved text is parsed once.
 */
export function savedStyle(storage: KeyValueStorage): StyleConfig {
  const saved = readStoredJson(storage.getItem(STYLE_CONFIG_STORAGE_KEY))
  const config = mergeStyleConfig(saved)
  // The merge keeps a saved theme only when it is a valid one.
  const namesTheme = isRecord(saved) && saved.theme === config.theme
  if (namesTheme) return config
  return { ...config, theme: storage.getItem(THEME_STORAGE_KEY) === 'light' ? 'light' : 'dark' }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Puts a look on the page: a class per theme, spacing and motion; CSS variables for the rest. */
export function applyLook(root: HTMLElement, { config, theme }: AppliedLook): void {
  root.classList.remove(...PAGE_CLASSES)
  root.classList.add(theme, `spacing-${config.spacing}`)
  if (!config.animations) root.classList.add('no-animations')
  const style = root.style
  setHsl(style, 'primary', config.primaryColor)
  setHsl(style, 'accent', config.accentColor)
  style.setProperty('--primary-fg', primaryForeground(config.primaryColor))
  // The colours as text (links, badges): moved only as far as 4.5:1 needs, per theme.
  style.setProperty('--primary-text', readableText(config.primaryColor, theme))
  // An accent badge also sits on a primary-tinted row (a hovered quick prompt).
  style.setProperty('--accent-text', readableText(config.accentColor, theme, [config.primaryColor]))
  style.setProperty('--radius', RADII[config.borderRadius])
  style.setProperty('--font-body', fontStack(config.fontFamily))
  style.fontSize = FONT_SIZES[config.fontSize]
  loadFont(config.fontFamily)
}

function setHsl(style: CSSStyleDeclaration, name: string, hex: string): void {
  const { h, s, l } = hexToHsl(hex)
  style.setProperty(`--${name}-h`, `${round(h)}`)
  style.setProperty(`--${name}-s`, `${round(s)}%`)
  style.setProperty(`--${name}-l`, `${round(l)}%`)
}

const round = (n: number) => Math.round(n * 10) / 10

/** The browser's `prefers-color-scheme: dark`, live. */
export function browserSystemScheme(win: Window): SystemScheme {
  const query = win.matchMedia?.('(prefers-color-scheme: dark)')
  return {
    prefersDark: () => query?.matches ?? false,
    onChange(listener) {
      if (!query) return () => {}
      const handler = (event: MediaQueryListEvent) => listener(event.matches)
      query.addEventListener('change', handler)
      return () => query.removeEventListener('change', handler)
    },
  }
}

/** The style machine with the page, local storage and the address bar as its effects. */
export function provideStyle(env: StyleEnv) {
  return styleMachine.provide({
    actors: {
      'watch system scheme': fromCallback(({ sendBack }) =>
        env.systemScheme.onChange((dark) => sendBack({ type: 'system.scheme', dark })),
      ),
      'copy theme link': fromPromise<void, { config: StyleConfig; origin: string }>(({ input }) =>
        navigator.clipboard.writeText(buildStyleLink(input.origin, input.config)),
      ),
    },
    actions: {
      'apply look': (_, look: AppliedLook) => applyLook(env.rootElement, look),
      'remember config': (_, { config }: { config: StyleConfig }) => {
        env.storage.setItem(STYLE_CONFIG_STORAGE_KEY, JSON.stringify(config))
        if (config.theme !== 'auto') env.storage.setItem(THEME_STORAGE_KEY, config.theme)
      },
      'forget config': () => {
        env.storage.removeItem(STYLE_CONFIG_STORAGE_KEY)
        env.storage.setItem(THEME_STORAGE_KEY, DEFAULT_STYLE_CONFIG.theme)
      },
      'remember theme': (_, { theme }: { theme: Theme }) => {
        env.storage.setItem(THEME_STORAGE_KEY, theme)
        // A saved config names the theme too; keep the two keys one setting.
        const text = env.storage.getItem(STYLE_CONFIG_STORAGE_KEY)
        if (text !== null) {
          const config = { ...parseStyleConfig(text), theme }
          env.storage.setItem(STYLE_CONFIG_STORAGE_KEY, JSON.stringify(config))
        }
      },
      'reset address': () => env.replaceHref(stripStyleParam(env.currentHref())),
      notify: (_, notice) => showToast(notice),
    },
  })
}
