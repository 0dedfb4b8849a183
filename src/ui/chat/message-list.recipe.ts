import { sva } from 'styled-system/css'

/** The conversation, the thinking row and the empty state before the first message. */
export const messageList = sva({
  slots: [
    'root',
    'older',
    'thinking',
    'thinkingText',
    'total',
    'jump',
    'empty',
    'emptyTitle',
    'emptyText',
  ],
  base: {
    // The place is kept by hand while an older page comes above (use-conversation-scroll.ts).
    root: {
      display: 'flex',
      flexDirection: 'column',
      gap: 'flow',
      py: '6',
      overflowAnchor: 'none',
    },
    // Above the oldest message shown while older ones are unread; quiet, like the total.
    older: {
      alignSelf: 'center',
      fontSize: 'xs',
      color: 'fg.muted',
      px: '3',
      py: '1',
      borderRadius: 'full',
      cursor: 'pointer',
      _hover: { color: 'fg' },
      _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '2px' },
    },
    thinking: { display: 'flex', alignItems: 'center', gap: '3', color: 'fg.muted' },
    thinkingText: { fontSize: 'sm' },
    // The conversation's running usage, quiet under the last message.
    total: {
      alignSelf: 'center',
      fontSize: 'xs',
      color: 'fg.muted',
      fontVariantNumeric: 'tabular-nums',
    },
    // Shown once the user scrolled up: floats above the fixed composer, follows again.
    jump: {
      position: 'sticky',
      bottom: '36',
      alignSelf: 'center',
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2',
      px: '4',
      py: '2',
      fontSize: 'sm',
      fontWeight: 'medium',
      color: 'fg',
      bg: 'card',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'full',
      boxShadow: 'md',
      cursor: 'pointer',
      zIndex: 1,
      _hover: { bg: 'primary.muted' },
      _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '2px' },
    },
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
