import { sva } from 'styled-system/css'

/** One prompt in the library (docs/product/screens.md#prompt-library); `active` outlines it. */
export const promptCard = sva({
  slots: ['root', 'header', 'title', 'meta', 'author', 'content', 'share', 'shareLink', 'actions'],
  base: {
    root: {
      borderWidth: '1px',
      borderRadius: 'card',
      p: 'cardPad',
      display: 'flex',
      flexDirection: 'column',
      gap: '2.5',
      bg: 'bg',
    },
    header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' },
    title: { fontWeight: 'semibold', mr: 'auto', wordBreak: 'break-word' },
    meta: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' },
    author: { fontSize: 'xs', color: 'fg.muted' },
    content: {
      fontSize: 'sm',
      color: 'fg.muted',
      whiteSpace: 'pre-wrap',
      wordBreak: 'break-word',
      lineClamp: 3,
    },
    share: { display: 'flex', gap: '2' },
    actions: { display: 'flex', flexWrap: 'wrap', gap: '2' },
  },
  variants: {
    active: {
      true: { root: { borderColor: 'primary' } },
      false: { root: { borderColor: 'border' } },
    },
  },
  defaultVariants: { active: false },
})

/** Average stars with the count; `readOnly` for one's own prompts. */
export const promptRating = sva({
  slots: ['root', 'control', 'item', 'summary'],
  base: {
    root: { display: 'flex', alignItems: 'center', gap: '2' },
    control: { display: 'flex', gap: '0.5' },
    item: {
      display: 'inline-flex',
      color: 'fg.muted',
      borderRadius: 'sm',
      '& svg': { fill: 'none' },
      '&[data-highlighted]': { color: 'accent.text', '& svg': { fill: 'currentColor' } },
      _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '1px' },
    },
    summary: { fontSize: 'xs', color: 'fg.muted' },
  },
  variants: {
    readOnly: {
      true: { item: { cursor: 'default' } },
      // The star under the pointer and those before it show what a click would give.
      false: {
        item: {
          cursor: 'pointer',
          '&:is(:hover, :has(~ :hover))': {
            color: 'accent.text',
            '& svg': { fill: 'currentColor' },
          },
        },
      },
    },
  },
  defaultVariants: { readOnly: false },
})
