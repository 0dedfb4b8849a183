import { ariaKeysOf, keysOf, type ShortcutId } from '../../domain/keyboard-shortcuts'
import { onMac } from './on-mac'

/**
 * A control's tooltip naming its shortcut ('New chat (Alt+Shift+N)'), and the same keys for
 * assistive technology (docs/product/screens.md#keyboard-shortcuts).
 */
export function shortcutHint(id: ShortcutId, what: string) {
  return { title: `${what} (${keysOf(id, onMac())})`, 'aria-keyshortcuts': ariaKeysOf(id) }
}
