import { sva } from 'styled-system/css'

/**
 * The rows of a conversation longer than one page: a box as tall as all of them, with only the
 * rows near the viewport placed in it (virtual-message-rows.tsx).
 */
export const virtualMessageRows = sva({
  slots: ['root', 'row'],
  base: {
    // Less the last row's padding: the list's own gap follows it.
    root: { position: 'relative', w: 'full', mb: '-flow' },
    // The list's gap between messages, as padding: a placed row measures with it.
    row: { position: 'absolute', top: 0, insetInline: 0, pb: 'flow' },
  },
})
