import { sva } from 'styled-system/css'

/** The `/` prompt picker above the message input (docs/product/variables.md). */
export const promptPicker = sva({
  slots: ['content', 'hint', 'item', 'heading', 'title', 'snippet'],
  base: {
    content: {
      // Above the message box, 8 px clear of it and as wide as it; over the conversation and
      // below the dialogs (z-index 40 and up).
      position: 'absolute',
      insetInline: 0,
      bottom: 'calc(100% + 8px)',
      zIndex: 30,
      bg: 'card',
      color: 'fg',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'calc(var(--radius, 8px) * 1.5)',
      boxShadow: '0 16px 40px -16px rgb(0 0 0 / 0.45)',
      p: '1',
      maxH: 'min(18rem, 45vh)',
      overflowY: 'auto',
      outline: 'none',
    },
    hint: { px: '3', pt: '1.5', pb: '1', fontSize: 'xs', color: 'fg.muted' },
    item: {
      display: 'flex',
      flexDirection: 'column',
      gap: '0.5',
      px: '3',
      py: '2',
      borderRadius: 'card',
      cursor: 'pointer',
      _highlighted: { bg: 'primary.muted' },
    },
    heading: { display: 'flex', alignItems: 'center', gap: '2', minW: 0 },
    title: {
      fontSize: 'sm',
      fontWeight: 'medium',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    },
    snippet: {
      fontSize: 'xs',
      color: 'fg.muted',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    },
  },
})
