import { sva } from 'styled-system/css'

/** Signed in with a shared prompt in the address: the add-or-dismiss banner. */
export const sharedPromptBanner = sva({
  slots: ['root', 'text', 'question', 'line', 'title'],
  base: {
    root: {
      borderWidth: '1px',
      borderColor: 'primary',
      bg: 'primary.muted',
      borderRadius: 'card',
      p: '4',
      mb: '4',
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      gap: '3',
    },
    text: { flex: 1, minW: '48' },
    question: { fontWeight: 'semibold' },
    line: { fontSize: 'sm', display: 'flex', gap: '2', alignItems: 'center', mt: '1' },
    title: { wordBreak: 'break-word' },
  },
})
