import { sva } from 'styled-system/css'

/** 'Select AI Model' (docs/product/screens.md#model-picker): provider groups of model options. */
export const modelPicker = sva({
  slots: ['group', 'list', 'option', 'text', 'heading', 'name', 'description', 'check'],
  base: {
    group: {
      fontSize: 'xs',
      fontWeight: 'semibold',
      textTransform: 'uppercase',
      letterSpacing: 'wider',
      color: 'fg.muted',
      mb: '2',
    },
    list: { display: 'flex', flexDirection: 'column', gap: '1.5' },
    option: {
      w: 'full',
      textAlign: 'left',
      display: 'flex',
      alignItems: 'flex-start',
      gap: '3',
      p: '3',
      borderRadius: 'card',
      borderWidth: '1px',
      borderColor: 'border',
      cursor: 'pointer',
      transition: 'border-color 0.15s, background 0.15s',
      _hover: { borderColor: 'primary', bg: 'primary.muted' },
      '&[aria-pressed=true]': { borderColor: 'primary', bg: 'primary.muted' },
    },
    text: { flex: 1, minW: 0 },
    heading: { display: 'flex', alignItems: 'center', gap: '2' },
    name: { fontWeight: 'medium' },
    description: { display: 'block', mt: '1', fontSize: 'sm', color: 'fg.muted' },
    check: { color: 'primary', mt: '1' },
  },
})
