import { css } from 'styled-system/css'

/** Text inputs and text areas in the prompt dialogs. */
export const textField = css({
  w: 'full',
  bg: 'bg',
  color: 'fg',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'card',
  px: '3',
  py: '2',
  fontSize: 'sm',
  outline: 'none',
  _focusVisible: { borderColor: 'primary' },
  _placeholder: { color: 'fg.muted' },
})

export const fieldLabel = css({ fontSize: 'sm', fontWeight: 'medium', display: 'block', mb: '1.5' })
