import { sva } from 'styled-system/css'

/** Compare mode's controls in the composer (docs/product/compare.md). */
export const compareChooser = sva({
  slots: ['bar', 'names', 'hint'],
  base: {
    bar: {
      display: 'flex',
      alignItems: 'center',
      flexWrap: 'wrap',
      gap: '2',
      fontSize: 'sm',
      px: '1',
      pb: '2',
    },
    names: { color: 'fg.muted', minW: 0, flex: 1 },
    hint: { fontSize: 'sm', color: 'fg.muted' },
  },
})
