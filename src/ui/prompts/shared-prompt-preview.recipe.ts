import { sva } from 'styled-system/css'

// Apart from the banners' recipe: the landing card draws this on the first paint, the banners
// load later (docs/performance.md, "Split").

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
