import { sva } from 'styled-system/css'

/** The live preview beside the style controls; it gives way to them under 768 px. */
export const stylePreview = sva({
  slots: ['root', 'title', 'frame', 'messages', 'row', 'card', 'cardTitle', 'cardText'],
  base: {
    root: { hideBelow: 'md', display: 'flex', flexDirection: 'column', gap: '2', minW: 0 },
    title: { fontSize: 'sm', fontWeight: 'semibold' },
    frame: {
      display: 'flex',
      flexDirection: 'column',
      gap: 'flow',
      p: 'cardPad',
      bg: 'bg',
      color: 'fg',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'card',
      fontFamily: 'var(--font-body)',
    },
    messages: { display: 'flex', flexDirection: 'column', gap: 'flow' },
    row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' },
    card: {
      display: 'flex',
      flexDirection: 'column',
      gap: '1.5',
      p: 'cardPad',
      bg: 'card',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'card',
    },
    cardTitle: { fontWeight: 'semibold', display: 'flex', gap: '2', alignItems: 'center' },
    cardText: { fontSize: 'sm', color: 'fg.muted' },
  },
})
