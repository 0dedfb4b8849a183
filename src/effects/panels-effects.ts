import { panelsMachine } from '../machines/panels.machine'
import type { KeyValueStorage } from '../platform/index'

// Whether the sidebar is folded is this browser's choice, as the theme is
// (docs/product/screens.md#keyboard-shortcuts).
const SIDEBAR_KEY = 'sidebar'

/** The screen's panels, remembering the folded sidebar in this browser. */
export function providePanels(storage: KeyValueStorage) {
  return panelsMachine.provide({
    actions: {
      'remember sidebar': (_, { hidden }) => {
        try {
          storage.setItem(SIDEBAR_KEY, hidden ? 'hidden' : 'shown')
        } catch {
          // A full or refused storage: the sidebar still folds, for this visit.
        }
      },
    },
    guards: {
      'sidebar was hidden': () => {
        try {
          return storage.getItem(SIDEBAR_KEY) === 'hidden'
        } catch {
          return false
        }
      },
    },
  })
}
