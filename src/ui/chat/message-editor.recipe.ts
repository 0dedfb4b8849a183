import { sva } from 'styled-system/css'

/** A sent message's edit box, in the message's place (docs/product/conversations.md#branches). */
export const messageEditor = sva({
  slots: ['root', 'box', 'actions'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '2', w: 'full', minW: '0' },
    box: {
      w: 'full',
      minW: { base: '0', md: '24rem' },
      resize: 'vertical',
      borderRadius: 'calc(var(--radius, 8px) * 1.75)',
      borderWidth: '1px',
      borderColor: 'border',
      bg: 'card',
      color: 'fg',
      px: 'bubbleX',
      py: 'bubbleY',
      fontSize: 'inherit',
      lineHeight: 'inherit',
      _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '1px' },
    },
    actions: { display: 'flex', justifyContent: 'flex-end', gap: '2' },
  },
})
