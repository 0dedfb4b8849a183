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

/** Signed out with a shared prompt in the address: its preview on the landing card. */
export const sharedPromptPreview = sva({
  slots: ['root', 'label', 'title', 'content'],
  base: {
    root: {
      textAlign: 'left',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'card',
      bg: 'bg',
      p: '4',
      mb: '6',
    },
    label: { fontSize: 'xs', color: 'fg.muted', mb: '1' },
    title: { fontWeight: 'semibold', wordBreak: 'break-word' },
    content: {
      fontSize: 'sm',
      color: 'fg.muted',
      lineClamp: 2,
      whiteSpace: 'pre-wrap',
      wordBreak: 'break-word',
    },
  },
})
