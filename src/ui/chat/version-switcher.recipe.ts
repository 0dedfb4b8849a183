import { sva } from 'styled-system/css'

/** `‹ 2 / 3 ›` under a message with other versions (docs/product/conversations.md#branches). */
export const versionSwitcher = sva({
  slots: ['root', 'count'],
  base: {
    root: { display: 'inline-flex', alignItems: 'center', gap: '0.5', fontSize: 'xs' },
    count: {
      fontVariantNumeric: 'tabular-nums',
      color: 'fg.muted',
      minW: '8',
      textAlign: 'center',
    },
  },
})
