import { sva } from 'styled-system/css'

/**
 * Text inputs, text areas and their labels in the prompt dialogs, the library and its cards.
 * Size is a variant, not a class added on top: two classes for one property would let the
 * stylesheet's order pick the winner.
 */
export const promptField = sva({
  slots: ['input', 'label'],
  base: {
    input: {
      w: 'full',
      bg: 'bg',
      color: 'fg',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'card',
      px: '3',
      outline: 'none',
      _focusVisible: { borderColor: 'primary' },
      _placeholder: { color: 'fg.muted' },
    },
    label: { fontSize: 'sm', fontWeight: 'medium', display: 'block', mb: '1.5' },
  },
  variants: {
    size: {
      md: { input: { py: '2', fontSize: 'sm' } },
      // The share link on a prompt card.
      sm: { input: { py: '1.5', fontSize: 'xs' } },
    },
  },
  defaultVariants: { size: 'md' },
})

export const { input: textField, label: fieldLabel } = promptField()
