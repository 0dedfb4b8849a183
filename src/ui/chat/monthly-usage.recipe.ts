import { sva } from 'styled-system/css'

/** This month's usage in the keys dialog (docs/product/usage.md): a small table per provider. */
export const monthlyUsage = sva({
  slots: ['root', 'title', 'table', 'head', 'cell', 'number', 'note'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      gap: '2',
      p: '3',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'card',
    },
    title: { fontWeight: 'medium' },
    table: { w: 'full', fontSize: 'sm', borderCollapse: 'collapse' },
    head: { srOnly: true },
    cell: { py: '1', textAlign: 'left', fontWeight: 'normal' },
    number: { py: '1', textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
    note: { fontSize: 'xs', color: 'fg.muted' },
  },
})
