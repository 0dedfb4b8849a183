import { sva } from 'styled-system/css'

/**
 * One chat message: avatar, author line and bubble, laid out as the style config says
 * (docs/product/screens.md#signed-in). `align` moves the parts, `role` colours them.
 */
export const chatMessage = sva({
  slots: ['root', 'avatar', 'bubble', 'meta', 'author', 'time', 'body'],
  base: {
    root: {
      display: 'flex',
      gap: '3',
      w: 'full',
      alignItems: 'flex-start',
      // Off-screen messages skip layout and paint until scrolled to: long histories stay cheap.
      contentVisibility: 'auto',
      containIntrinsicSize: 'auto 140px',
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
    time: { fontSize: 'xs', color: 'fg.muted', opacity: 0.8 },
    body: { borderRadius: 'calc(var(--radius, 8px) * 1.75)', px: '4', py: '2.5', maxW: 'full' },
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
