import { setup } from 'xstate'

export type PanelsEvent =
  /** From 768 px: the conversations sidebar folds to a rail, or opens again. Remembered. */
  | { type: 'sidebar.toggle' }
  /** Under 768 px: the conversations drawer. */
  | { type: 'drawer.open' }
  | { type: 'drawer.close' }
  | { type: 'drawer.toggle' }
  /** The `?` list of keyboard shortcuts. */
  | { type: 'shortcuts.open' }
  | { type: 'shortcuts.close' }

/**
 * What the signed-in screen shows around the chat (docs/product/screens.md#keyboard-shortcuts):
 * the sidebar or its rail from 768 px, the drawer below, and the shortcut list, each moved by
 * its button or its shortcut alike. A session actor: a new sign-in starts with the drawer and
 * the list closed, and the sidebar as it was left. Tags: `sidebarHidden`, `drawerOpen`,
 * `shortcutsOpen`.
 */
export const panelsMachine = setup({
  types: { events: {} as PanelsEvent },
  actions: {
    /** Provided by the effects: keeps the choice for the next visit. */
    'remember sidebar': (_, _params: { hidden: boolean }) => {},
  },
  guards: {
    /** Provided by the effects: the choice kept from the last visit. */
    'sidebar was hidden': () => false,
  },
}).createMachine({
  id: 'panels',
  type: 'parallel',
  states: {
    sidebar: {
      initial: 'choosing',
      states: {
        choosing: {
          always: [{ guard: 'sidebar was hidden', target: 'hidden' }, { target: 'shown' }],
        },
        shown: {
          on: {
            'sidebar.toggle': {
              target: 'hidden',
              actions: { type: 'remember sidebar', params: { hidden: true } },
            },
          },
        },
        hidden: {
          tags: 'sidebarHidden',
          on: {
            'sidebar.toggle': {
              target: 'shown',
              actions: { type: 'remember sidebar', params: { hidden: false } },
            },
          },
        },
      },
    },
    drawer: {
      initial: 'closed',
      states: {
        closed: { on: { 'drawer.open': 'open', 'drawer.toggle': 'open' } },
        open: {
          tags: 'drawerOpen',
          on: { 'drawer.close': 'closed', 'drawer.toggle': 'closed' },
        },
      },
    },
    shortcutList: {
      initial: 'closed',
      states: {
        closed: { on: { 'shortcuts.open': 'open' } },
        open: { tags: 'shortcutsOpen', on: { 'shortcuts.close': 'closed' } },
      },
    },
  },
})
