import { css, cx, sva } from 'styled-system/css'
import { field } from '../shell/field.recipe'

/**
 * Text inputs, text areas and their labels in the prompt dialogs, the library and its cards.
 * Size is a variant, not a class added on top: two classes for one property would let the
 * stylesheet's order pick the winner.
 */
export const promptField = sva({
  slots: ['input', 'label'],
  base: {
    // With field() (shell/field.recipe.ts), which draws its border and states: use
    // `textField`, or `cx(field(), promptField({ size }).input)`.
    input: { w: 'full', px: '3', _placeholder: { color: 'fg.muted' } },
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

const md = promptField()
export const textField = cx(field(), md.input)
export const fieldLabel = md.label

/** `Discard changes?` in a prompt form's footer, before its two answers. */
export const discardQuestion = css({
  mr: 'auto',
  alignSelf: 'center',
  fontSize: 'sm',
  fontWeight: 'medium',
})
