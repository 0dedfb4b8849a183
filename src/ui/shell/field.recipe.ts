import { cva } from 'styled-system/css'

/**
 * The app's one text-field look: every text input, text area and select shares its border,
 * background, focus and invalid states. Size, padding and font stay with each place, beside
 * it (`cx(field(), styles.input)`); they set none of these properties, so no class fights.
 */
export const field = cva({
  base: {
    bg: 'bg',
    color: 'fg',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'card',
    // The border shows focus, in place of the page's outline (panda.config.ts).
    outline: 'none',
    _focusVisible: { borderColor: 'primary' },
    // Panda's `_invalid` is `&:is(:invalid, [data-invalid], [aria-invalid=true])`: the browser's
    // own check and the app's `aria-invalid` alike. Panda writes focus later, so a focused
    // field shows focus; the red returns when it is left.
    _invalid: { borderColor: 'danger' },
  },
})
