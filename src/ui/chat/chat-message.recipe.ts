import { sva } from 'styled-system/css'

/**
 * One chat message: avatar, author line and bubble, laid out as the style config says
 * (docs/product/screens.md#signed-in). `align` moves the parts, `role` colours them.
 */
export const chatMessage = sva({
  slots: [
    'root',
    'avatar',
    'bubble',
    'meta',
    'author',
    'time',
    'body',
    'failure',
    'failureLabel',
    'footer',
    'cutShort',
    'usage',
    'copy',
  ],
  base: {
    root: {
      display: 'flex',
      gap: '3',
      w: 'full',
      alignItems: 'flex-start',
      // Off-screen messages skip layout and paint until scrolled to: long histories stay cheap.
      contentVisibility: 'auto',
      // Copy shows on the message the pointer or the keyboard is on.
      '&:is(:hover, :focus-within) [data-reveal]': { opacity: 1 },
      containIntrinsicSize: 'auto 140px',
      // docs/product/search.md: the message a search opened at lights up, then fades.
      '&[data-found]': { animation: 'found 2.4s ease-out', borderRadius: 'card' },
      // Clipped already (paint containment); said outright so that axe (Lighthouse) does not
      // measure a skipped message's text over its neighbours' placeholders (docs/rendering.md).
      overflow: 'hidden',
    },
    avatar: {
      flexShrink: 0,
      w: '8',
      h: '8',
      borderRadius: 'full',
      display: 'grid',
      placeItems: 'center',
      mt: '0.5',
    },
    bubble: { minW: 0, maxW: 'full', display: 'flex', flexDirection: 'column', gap: '1' },
    meta: { display: 'flex', gap: '2', alignItems: 'baseline', px: '1' },
    author: { fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted' },
    time: { fontSize: 'xs', color: 'fg.muted' },
    body: {
      borderRadius: 'calc(var(--radius, 8px) * 1.75)',
      px: 'bubbleX',
      py: 'bubbleY',
      maxW: 'full',
    },
    // A failed turn: its mark and the Retry button under the user's message.
    failure: { display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', px: '1' },
    failureLabel: {
      display: 'inline-flex',
      gap: '1',
      alignItems: 'center',
      fontSize: 'xs',
      fontWeight: 'medium',
      color: 'danger',
    },
    // Under a reply: how it ended, its usage and Regenerate.
    // Where a pointer can hover, Copy waits for it; on touch screens it always shows.
    copy: {
      display: 'inline-flex',
      gap: '1',
      opacity: 0,
      transition: 'opacity 0.15s',
      '@media (hover: none)': { opacity: 1 },
    },
    footer: {
      display: 'flex',
      flexWrap: 'wrap',
      gap: '2',
      alignItems: 'center',
      px: '1',
      fontSize: 'xs',
      color: 'fg.muted',
    },
    cutShort: { display: 'inline-flex', gap: '1', alignItems: 'center', fontWeight: 'medium' },
    usage: { fontVariantNumeric: 'tabular-nums' },
  },
  variants: {
    align: {
      left: { root: { flexDirection: 'row' }, bubble: { alignItems: 'flex-start' } },
      right: { root: { flexDirection: 'row-reverse' }, bubble: { alignItems: 'flex-end' } },
      center: {
        root: { flexDirection: 'column', alignItems: 'center' },
        bubble: { alignItems: 'center' },
      },
    },
    role: {
      user: {
        avatar: { bg: 'accent', color: 'white' },
        body: { bg: 'primary', color: 'primary.fg', '& a': { color: 'inherit' } },
      },
      assistant: {
        avatar: { bg: 'primary.muted', color: 'primary' },
        bubble: { flex: 1 },
        body: { bg: 'card', borderWidth: '1px', borderColor: 'border', w: 'full' },
      },
      system: {
        avatar: { bg: 'border', color: 'fg.muted' },
        body: { bg: 'primary.muted' },
      },
    },
  },
})
