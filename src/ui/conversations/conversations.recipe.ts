import { cva, sva } from 'styled-system/css'

/** How wide the sidebar is from 768 px (`md`); the composer starts right of it. */
export const SIDEBAR_WIDTH = '260px'
/** How wide it is folded to its rail. */
export const RAIL_WIDTH = '56px'

/**
 * The conversations sidebar (docs/product/conversations.md): from 768 px a column left of the
 * chat, under the header, that stays in view while the chat scrolls; under 768 px the same list
 * lives in a drawer (`ConversationDrawer`), so the sidebar is not shown.
 */
export const conversationSidebar = sva({
  slots: ['root'],
  base: {
    root: {
      hideBelow: 'md',
      position: 'sticky',
      top: '14',
      alignSelf: 'flex-start',
      h: 'calc(100vh - 3.5rem)',
      w: SIDEBAR_WIDTH,
      flexShrink: 0,
      display: 'flex',
      flexDirection: 'column',
      bg: 'card',
      borderRightWidth: '1px',
      borderColor: 'border',
      px: '3',
      pt: '3',
      '&[data-folded]': { w: RAIL_WIDTH, px: '2' },
    },
  },
})

/** The folded sidebar: its buttons in a column. */
export const conversationRail = sva({
  slots: ['root'],
  base: { root: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2' } },
})

/**
 * The list itself, in the sidebar and in the drawer: New chat on top, then one row per
 * conversation. A row's Rename and Delete show on hover or keyboard focus where there is a
 * pointer that hovers, and always on touch screens.
 */
export const conversationList = sva({
  slots: [
    'root',
    'top',
    'newChat',
    'scroller',
    'section',
    'heading',
    'list',
    'row',
    'open',
    'title',
    'time',
    'answering',
    'actions',
    'action',
    'empty',
    'renameForm',
    'renameField',
    'renameError',
  ],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '3', minH: 0, flex: 1 },
    top: { display: 'flex', gap: '2', flexShrink: 0 },
    newChat: { flex: 1, minW: 0 },
    // The parts (Pinned, the folders, the rest) scroll together under the buttons.
    scroller: {
      flex: 1,
      minH: 0,
      overflowY: 'auto',
      display: 'flex',
      flexDirection: 'column',
      gap: '4',
      pb: '3',
    },
    section: { display: 'flex', flexDirection: 'column', gap: '1' },
    heading: {
      px: '3',
      fontSize: 'xs',
      fontWeight: 'semibold',
      letterSpacing: 'wide',
      textTransform: 'uppercase',
      color: 'fg.muted',
    },
    list: { display: 'flex', flexDirection: 'column', gap: '0.5' },
    row: {
      position: 'relative',
      display: 'flex',
      alignItems: 'center',
      gap: '1',
      borderRadius: 'card',
      color: 'fg.muted',
      transition: 'background 0.15s, color 0.15s',
      _hover: { bg: 'primary.muted', color: 'fg' },
      '&[data-current]': {
        bg: 'primary.muted',
        color: 'fg',
        boxShadow: 'inset 3px 0 0 0 token(colors.primary)',
      },
      '&[data-busy]': { opacity: 0.6 },
    },
    open: {
      flex: 1,
      minW: 0,
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'flex-start',
      gap: '0.5',
      px: '3',
      py: '2',
      textAlign: 'left',
      borderRadius: 'card',
      cursor: 'pointer',
      color: 'inherit',
      _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '-2px' },
    },
    title: {
      w: 'full',
      fontSize: 'sm',
      fontWeight: 'medium',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      '[data-current] &': { fontWeight: 'semibold' },
    },
    time: { fontSize: 'xs', color: 'fg.muted' },
    // In place of the time while a reply streams in this conversation.
    answering: {
      fontSize: 'xs',
      color: 'primary.text',
      animation: 'pulse 1.6s ease-in-out infinite',
      '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
    },
    actions: {
      display: 'flex',
      flexShrink: 0,
      pr: '1',
      // Where a pointer can hover, they take no room until wanted: the title has the whole
      // row, and gives up the end of it on hover or focus.
      '@media (hover: hover)': {
        position: 'absolute',
        right: 0,
        opacity: 0,
        '[data-row]:hover &, [data-row]:focus-within &': { position: 'static', opacity: 1 },
      },
    },
    action: { w: '8', h: '8' },
    empty: { px: '3', py: '2', fontSize: 'sm', color: 'fg.muted' },
    renameForm: { flex: 1, display: 'flex', flexDirection: 'column', gap: '1', px: '1', py: '1' },
    // With field() (shell/field.recipe.ts), which draws its border and states.
    renameField: { w: 'full', h: '9', px: '2', fontSize: 'sm' },
    renameError: { px: '1', fontSize: 'xs', color: 'danger' },
  },
})

/** The header's Conversations button: there only while the sidebar is not (under 768 px). */
export const drawerTrigger = cva({ base: { hideFrom: 'md', flexShrink: 0 } })
