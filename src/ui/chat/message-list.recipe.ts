import { sva } from 'styled-system/css'

/** The conversation, the thinking row and the empty state before the first message. */
export const messageList = sva({
  slots: ['root', 'thinking', 'thinkingText', 'total', 'end', 'empty', 'emptyTitle', 'emptyText'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: 'flow', py: '6' },
    thinking: { display: 'flex', alignItems: 'center', gap: '3', color: 'fg.muted' },
    thinkingText: { fontSize: 'sm' },
    // The conversation's running usage, quiet under the last message.
    total: {
      alignSelf: 'center',
      fontSize: 'xs',
      color: 'fg.muted',
      fontVariantNumeric: 'tabular-nums',
    },
    // Scrolled to with room for the fixed composer below it.
    end: { scrollMarginBottom: '32' },
    empty: {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      textAlign: 'center',
      gap: '3',
      py: '16',
    },
    emptyTitle: { fontSize: 'xl', fontWeight: 'semibold' },
    emptyText: { color: 'fg.muted' },
  },
})
