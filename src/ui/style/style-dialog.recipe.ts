import { sva } from 'styled-system/css'

/**
 * The Style Configuration dialog (docs/product/screens.md#style-configuration): tabs of
 * controls beside a live preview, which gives way to the controls under 768 px.
 */
export const styleDialog = sva({
  slots: [
    'layout',
    'controls',
    'tabList',
    'tab',
    'panel',
    'section',
    'sectionTitle',
    'hint',
    'footer',
    'footerStart',
    'footerEnd',
  ],
  base: {
    layout: {
      display: 'grid',
      gridTemplateColumns: { base: '1fr', md: 'minmax(0, 1fr) minmax(0, 0.9fr)' },
      gap: '5',
      minH: 0,
    },
    controls: { display: 'flex', flexDirection: 'column', gap: '4', minW: 0 },
    tabList: {
      display: 'grid',
      gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
      gap: '1',
      p: '1',
      bg: 'bg',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'card',
    },
    tab: {
      py: '1.5',
      px: '2',
      fontSize: 'sm',
      fontWeight: 'medium',
      color: 'fg.muted',
      borderRadius: 'calc(var(--radius, 8px) * 0.75)',
      cursor: 'pointer',
      whiteSpace: 'nowrap',
      _selected: { bg: 'card', color: 'fg', boxShadow: '0 1px 3px rgb(0 0 0 / 0.15)' },
      _focusVisible: { outline: '2px solid', outlineColor: 'primary' },
    },
    panel: { display: 'flex', flexDirection: 'column', gap: '5', outline: 'none' },
    section: { display: 'flex', flexDirection: 'column', gap: '2.5' },
    sectionTitle: { fontSize: 'sm', fontWeight: 'semibold' },
    hint: { fontSize: 'xs', color: 'fg.muted' },
    footer: {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '2',
      w: 'full',
    },
    footerStart: { display: 'flex', gap: '1' },
    footerEnd: { display: 'flex', gap: '2', ml: 'auto' },
  },
})

/** A row of mutually exclusive choices (Ark RadioGroup) drawn as a segmented control. */
export const choiceGroup = sva({
  slots: ['root', 'label', 'items', 'item', 'itemText'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '2' },
    label: { fontSize: 'sm', fontWeight: 'semibold' },
    items: {
      display: 'grid',
      gridTemplateColumns: 'repeat(auto-fit, minmax(4.75rem, 1fr))',
      gap: '2',
    },
    item: {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'flex-start',
      gap: '0.5',
      px: '3',
      py: '2',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'card',
      bg: 'bg',
      cursor: 'pointer',
      fontSize: 'sm',
      _hover: { borderColor: 'primary' },
      _checked: {
        borderColor: 'primary',
        bg: 'primary.muted',
        boxShadow: '0 0 0 1px var(--colors-primary)',
      },
      _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '2px' },
    },
    itemText: { fontWeight: 'medium' },
  },
  variants: {
    /** Short values side by side; longer names (fonts) in wider cells. */
    width: {
      short: {},
      wide: { items: { gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))' } },
    },
  },
  defaultVariants: { width: 'short' },
})

/** One labelled on/off setting (Ark Switch). */
export const settingSwitch = sva({
  slots: ['root', 'text', 'label', 'hint', 'control', 'thumb'],
  base: {
    root: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '4',
      py: '2',
      cursor: 'pointer',
    },
    text: { display: 'flex', flexDirection: 'column', gap: '0.5' },
    label: { fontSize: 'sm', fontWeight: 'medium' },
    hint: { fontSize: 'xs', color: 'fg.muted' },
    control: {
      flexShrink: 0,
      w: '10',
      h: '6',
      p: '0.5',
      borderRadius: 'full',
      bg: 'fg.muted/40',
      display: 'flex',
      transition: 'background 0.15s',
      _checked: { bg: 'primary', justifyContent: 'flex-end' },
      _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '2px' },
    },
    thumb: {
      w: '5',
      h: '5',
      borderRadius: 'full',
      bg: 'white',
      boxShadow: '0 1px 2px rgb(0 0 0 / 0.3)',
    },
  },
})
