import { sva } from 'styled-system/css'

/**
 * A comparison's columns (docs/product/compare.md): side by side from 1024 px; below, cards
 * the user swipes (or scrolls) through one at a time.
 */
export const compareReplies = sva({
  slots: ['root', 'hint', 'columns', 'column', 'head', 'name', 'body', 'foot', 'usage', 'error'],
  base: {
    // From 1024 px the columns take more room than the conversation's measure, centred on it
    // and clear of the conversation list.
    root: {
      display: 'flex',
      flexDirection: 'column',
      gap: '3',
      w: 'full',
      lg: { w: 'max(100%, min(72rem, calc(100vw - 22rem)))', alignSelf: 'center' },
    },
    hint: { fontSize: 'sm', color: 'fg.muted', px: '1' },
    columns: {
      display: 'flex',
      gap: '3',
      overflowX: 'auto',
      scrollSnapType: 'x mandatory',
      overscrollBehaviorX: 'contain',
      pb: '2',
      lg: {
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(0, 1fr))',
        overflowX: 'visible',
      },
    },
    column: {
      flex: '0 0 88%',
      scrollSnapAlign: 'start',
      // A fieldset: its browser margin and min-content width off.
      m: 0,
      minW: 0,
      display: 'flex',
      flexDirection: 'column',
      gap: '2',
      p: '3',
      bg: 'card',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'card',
      _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '2px' },
      '&[data-picked]': { borderColor: 'primary' },
    },
    head: { display: 'flex', alignItems: 'center', gap: '2', minW: 0 },
    name: {
      fontSize: 'sm',
      fontWeight: 'semibold',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    },
    // The reply grows here; a long one scrolls inside its column, so the others stay in view.
    // Contained: a column's growth lays out and paints that column, not the page around it.
    body: {
      flex: 1,
      minH: '16',
      maxH: '60vh',
      overflowY: 'auto',
      fontSize: 'sm',
      contain: 'content',
    },
    foot: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' },
    usage: { fontSize: 'xs', color: 'fg.muted', fontVariantNumeric: 'tabular-nums', mr: 'auto' },
    error: { fontSize: 'xs', fontWeight: 'medium', color: 'danger', w: 'full' },
  },
})
