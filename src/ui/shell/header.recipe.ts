import { cva, sva } from 'styled-system/css'

/**
 * The signed-in header (docs/product/screens.md#signed-in): a sticky bar whose items move into
 * the side menu under 768 px (`md`).
 */
export const appHeader = sva({
  slots: ['root', 'brand', 'brandName', 'toolbar', 'barItems', 'menuTrigger', 'menuNav'],
  base: {
    root: {
      position: 'sticky',
      top: 0,
      zIndex: 10,
      h: '14',
      px: { base: '4', md: '6' },
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '3',
      borderBottomWidth: '1px',
      borderColor: 'border',
      bg: 'bg/85',
      backdropFilter: 'blur(12px)',
    },
    brand: { display: 'flex', alignItems: 'center', gap: '2.5', minW: 0 },
    brandName: { fontWeight: 'semibold', letterSpacing: 'tight' },
    toolbar: { display: 'flex', alignItems: 'center', gap: '1' },
    barItems: { hideBelow: 'md', display: 'flex', alignItems: 'center', gap: '1' },
    menuTrigger: { hideFrom: 'md' },
    menuNav: { flex: 1 },
  },
})

/** A group of header items: a row in the bar, a column in the side menu. */
export const headerGroup = cva({
  base: { display: 'flex', gap: '1' },
  variants: {
    placement: {
      bar: { alignItems: 'center' },
      menu: { flexDirection: 'column', alignItems: 'stretch' },
    },
  },
})

/** One header item as a full-width row of the side menu (in the bar it is a ghost button). */
export const menuRow = cva({
  base: {
    w: 'full',
    justifyContent: 'flex-start',
    gap: '3',
    h: '11',
    px: '3',
    fontSize: 'sm',
    fontWeight: 'medium',
    color: 'fg',
    borderRadius: 'card',
    cursor: 'pointer',
    display: 'flex',
    alignItems: 'center',
    _hover: { bg: 'primary.muted' },
  },
})

/** The moon of the theme toggle (light theme) is muted; the sun keeps the button's colour. */
export const themeToggleIcon = cva({ base: { color: 'fg.muted' } })
