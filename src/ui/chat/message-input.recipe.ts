import { sva } from 'styled-system/css'

/** The fixed composer at the bottom of the chat (docs/product/validation.md). */
export const messageInput = sva({
  slots: ['root', 'files', 'box', 'field', 'spinner'],
  base: {
    root: {
      position: 'fixed',
      // Its container may set where it starts (the conversations sidebar takes the left).
      left: 'var(--composer-left, 0px)',
      right: 0,
      bottom: 0,
      px: { base: '3', md: '6' },
      pt: '3',
      pb: '5',
      bgGradient: 'to-t',
      gradientFrom: 'bg',
      gradientVia: 'bg',
      gradientTo: 'transparent',
    },
    // The files on the message, above the box.
    files: { maxW: '3xl', mx: 'auto', mb: '2', '&:empty': { display: 'none' } },
    box: {
      // The `/` picker's list is placed against it (prompt-picker.recipe.ts).
      position: 'relative',
      maxW: '3xl',
      mx: 'auto',
      display: 'flex',
      alignItems: 'flex-end',
      gap: '2',
      bg: 'card',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'calc(var(--radius, 8px) * 2)',
      p: '2',
      boxShadow: '0 8px 30px -12px rgb(0 0 0 / 0.35)',
      _focusWithin: { borderColor: 'primary' },
    },
    field: {
      flex: 1,
      resize: 'none',
      bg: 'transparent',
      border: 'none',
      outline: 'none',
      px: '2',
      py: '2',
      minH: '10',
      maxH: '40',
      fieldSizing: 'content',
      color: 'fg',
      _placeholder: { color: 'fg.muted' },
      _disabled: { cursor: 'not-allowed' },
    },
    spinner: {
      w: '4',
      h: '4',
      borderRadius: 'full',
      borderWidth: '2px',
      borderColor: 'currentColor',
      borderTopColor: 'transparent',
      animation: 'spin 0.8s linear infinite',
    },
  },
})
