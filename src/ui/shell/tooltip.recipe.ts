import { sva } from 'styled-system/css'

/**
 * Ark UI's Tooltip (`AppTooltip`): a small dark label under an icon-only control, naming it.
 * The positioner is the root part; Ark places it (absolute, next to its trigger).
 */
export const tooltip = sva({
  slots: ['positioner', 'content', 'arrow', 'arrowTip'],
  base: {
    positioner: { zIndex: 60 },
    content: {
      '--arrow-size': '8px',
      '--arrow-background': 'var(--tooltip-bg)',
      '--tooltip-bg': { base: '#18181B', _dark: '#F4F4F5' },
      bg: 'var(--tooltip-bg)',
      color: { base: '#FAFAFA', _dark: '#18181B' },
      px: '2',
      py: '1',
      borderRadius: 'md',
      fontSize: 'xs',
      fontWeight: 'medium',
      lineHeight: '1.4',
      // A long title (the Active badge's) wraps inside the tooltip rather than leave the page.
      maxW: '20rem',
      overflowWrap: 'break-word',
      boxShadow: '0 8px 24px -8px rgb(0 0 0 / 0.4)',
    },
    arrow: {},
    arrowTip: {},
  },
})
