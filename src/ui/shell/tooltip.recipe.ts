import { sva } from 'styled-system/css'

/**
 * `AppTooltip`: a small dark label under an icon-only control, naming it. The root is placed
 * by `AppTooltip` (absolute, next to its trigger); the arrow is a rotated square at its top
 * edge, under the trigger's centre (`--tooltip-arrow-x`).
 */
export const tooltip = sva({
  slots: ['root', 'arrow'],
  base: {
    root: {
      '--tooltip-bg': { base: '#18181B', _dark: '#F4F4F5' },
      position: 'absolute',
      zIndex: 60,
      // Its own width, not what is left of the containing block right of `left`.
      w: 'max-content',
      // A long title (the Active badge's) wraps inside the tooltip rather than leave the page.
      maxW: 'min(20rem, calc(100vw - 16px))',
      overflowWrap: 'break-word',
      // It names the control under the pointer; it must not take the clicks meant for the page.
      pointerEvents: 'none',
      bg: 'var(--tooltip-bg)',
      color: { base: '#FAFAFA', _dark: '#18181B' },
      px: '2',
      py: '1',
      borderRadius: 'md',
      fontSize: 'xs',
      fontWeight: 'medium',
      lineHeight: '1.4',
      boxShadow: '0 8px 24px -8px rgb(0 0 0 / 0.4)',
    },
    arrow: {
      position: 'absolute',
      top: '-4px',
      left: 'var(--tooltip-arrow-x, 50%)',
      w: '8px',
      h: '8px',
      bg: 'var(--tooltip-bg)',
      transform: 'translateX(-50%) rotate(45deg)',
    },
  },
})
