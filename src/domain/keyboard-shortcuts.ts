/**
 * The signed-in screen's keyboard shortcuts (docs/product/screens.md#keyboard-shortcuts): what
 * each does, its keys, and which key press is which. None is one the browsers keep for
 * themselves: Alt+Shift with a letter is used by no browser's own commands on these letters
 * (Firefox and Chrome give it to a page's access keys, which we have none of), Ctrl+K is the
 * web's search key, and Escape and `?` are only taken where nothing else takes them.
 */
export type ShortcutId =
  | 'newChat'
  | 'search'
  | 'focusMessage'
  | 'toggleSidebar'
  | 'copyReply'
  | 'stop'
  | 'list'

export interface Shortcut {
  id: ShortcutId
  /** The physical key (KeyboardEvent.code), so ⌥ on a Mac, which types letters, still works. */
  code: string
  modifiers: 'alt+shift' | 'mod' | 'none'
}

/** In the order the `?` list shows them (what each does is said there: shortcuts-dialog.tsx). */
export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'newChat', code: 'KeyN', modifiers: 'alt+shift' },
  { id: 'search', code: 'KeyK', modifiers: 'mod' },
  { id: 'focusMessage', code: 'KeyM', modifiers: 'alt+shift' },
  { id: 'toggleSidebar', code: 'KeyS', modifiers: 'alt+shift' },
  { id: 'copyReply', code: 'KeyC', modifiers: 'alt+shift' },
  { id: 'stop', code: 'Escape', modifiers: 'none' },
  { id: 'list', code: 'Slash', modifiers: 'none' },
]

/** What `shortcutOf` reads of a key press: a KeyboardEvent has all of it. */
export interface KeyPress {
  key: string
  code: string
  altKey: boolean
  shiftKey: boolean
  ctrlKey: boolean
  metaKey: boolean
}

/**
 * Which shortcut a key press is, or null. `typing`: focus is in a text field, where `?` is a
 * character; Escape is left to whoever shows what it stops (the composer, only while a reply
 * streams), so it is never matched here.
 */
export function shortcutOf(press: KeyPress, typing: boolean): ShortcutId | null {
  const mod = press.ctrlKey || press.metaKey
  if (press.altKey && press.shiftKey && !mod) {
    return SHORTCUTS.find((s) => s.modifiers === 'alt+shift' && s.code === press.code)?.id ?? null
  }
  if (mod && !press.altKey && !press.shiftKey && press.code === 'KeyK') return 'search'
  if (press.key === '?' && !mod && !press.altKey && !typing) return 'list'
  return null
}

/** A shortcut's keys as this computer's keyboard names them: `⌥⇧N` on a Mac, `Alt+Shift+N` elsewhere. */
export function keysOf(id: ShortcutId, mac: boolean): string {
  const shortcut = SHORTCUTS.find((s) => s.id === id)!
  if (shortcut.code === 'Escape') return 'Esc'
  if (shortcut.code === 'Slash') return '?'
  const letter = shortcut.code.slice('Key'.length)
  if (shortcut.modifiers === 'mod') return mac ? `⌘${letter}` : `Ctrl+${letter}`
  return mac ? `⌥⇧${letter}` : `Alt+Shift+${letter}`
}

/** For `aria-keyshortcuts`: the keys as WAI-ARIA spells them. */
export function ariaKeysOf(id: ShortcutId): string {
  const shortcut = SHORTCUTS.find((s) => s.id === id)!
  if (shortcut.code === 'Escape') return 'Escape'
  if (shortcut.code === 'Slash') return 'Shift+?'
  const letter = shortcut.code.slice('Key'.length)
  return shortcut.modifiers === 'mod' ? `Control+${letter} Meta+${letter}` : `Alt+Shift+${letter}`
}
