import { sva } from 'styled-system/css'

/** The variables form (docs/product/variables.md): its fields and the live preview. */
export const promptVariablesForm = sva({
  slots: ['fields', 'select', 'preview', 'previewLabel', 'previewText', 'value'],
  base: {
    fields: { display: 'flex', flexDirection: 'column', gap: '3' },
    // A native select, dressed like the text fields beside it: with field()
    // (shell/field.recipe.ts), which draws its border and states.
    select: {
      w: 'full',
      // The select draws a few pixels of its own before the text: its text lines up this way.
      pl: '2',
      pr: '3',
      py: '2',
      fontSize: 'sm',
      cursor: 'pointer',
      colorScheme: { base: 'light', _dark: 'dark' },
    },
    preview: {
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'card',
      bg: 'bg',
      p: '3',
    },
    previewLabel: {
      fontSize: 'xs',
      fontWeight: 'semibold',
      textTransform: 'uppercase',
      letterSpacing: 'wide',
      color: 'fg.muted',
      mb: '1.5',
    },
    previewText: {
      fontSize: 'sm',
      whiteSpace: 'pre-wrap',
      overflowWrap: 'anywhere',
      maxH: '48',
      overflowY: 'auto',
    },
    // A filled-in value in the preview; an empty one still shows where it goes.
    value: {
      bg: 'primary.muted',
      color: 'inherit',
      borderRadius: 'sm',
      px: '0.5',
      '&[data-empty]': {
        display: 'inline-block',
        minW: '6',
        h: '1lh',
        verticalAlign: 'bottom',
        borderBottomWidth: '1px',
        borderStyle: 'dashed',
        borderColor: 'fg.muted',
      },
    },
  },
})
