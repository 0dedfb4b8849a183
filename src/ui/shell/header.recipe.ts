import { cva, sva } from 'styled-system/css'

/*
 * The signed-in header (docs/product/screens.md#signed-in) fits from 320 px up:
 *
 * - under 768 px (`md`, the viewport) the bar's items move into the side menu;
 * - from 768 px the bar's items show icons only, each named by its aria-label and a tooltip,
 *   until the header is wide enough for every label.
 *
 * "Wide enough" is a container query on the header (`@container header`), in rem: rem in a
 * container query is the page's root font size, which the style editor sets to 14, 16 or 18 px,
 * so the thresholds grow with the text they make room for. The header's content box (its width
 * less its padding, 3rem from `md`) is what is measured. Worst case, at 16 px in the widest of
 * the style editor's fonts (Montserrat; the default, Inter, makes the full bar 857 px, not 887)
 * with the longest model name ('Gemini 2.5 Flash-Lite'), as measured in Chromium:
 *
 *   left: brand mark 32 + gap 10 + 'Prompt Chat' 102                          = 144 px (9rem)
 *         + gap 10 + Active badge, at least 96 px (6rem), more when there is room
 *   gap between left and bar                                                  =  12 px
 *   bar with every label, seven items:
 *     Install Extension 164 + Quick Prompts 155 + Library 97 + model 218 + Style 82
 *     + theme 36 + Sign Out 111 + 6 gaps of 4                                 = 887 px
 *   bar with icons only but the model's name: 6 icons of 36 + model 218 + 24  = 458 px
 *
 * - every label, no Active badge: 144 + 12 + 887 = 1043 px, so 67rem (1072 px): the icons
 *   are 16 px at any root size, so at 14 px the same bar needs 926 px, more than 66rem (924);
 * - every label with the badge: 1043 + 10 + a 10rem badge = 1213 px, so 76rem (1216 px);
 * - the model's name with the badge: 458 + 12 + 154 + a 7.5rem badge = 744 px, so 47rem;
 *   without it, 458 + 12 + 144 = 614 px, so 39rem (narrower than the header ever is from `md`);
 * - the brand's name, under `md` with the badge: the Conversations button 36 + gap 10 + 144
 *   + 10 + 96 + 12 + menu button 36 = 344 px, so it is visually hidden (still named for
 *   assistive technology) under 22rem (352 px).
 *
 * At 16 px these read, in viewport widths: labels from 1264 px with a system prompt active
 * (1120 px without); the model's name from 800 px with one (always without); the brand's name
 * hidden under 384 px with one.
 * "With the badge" is `header:has([data-active-prompt])`, the badge's own attribute.
 */

export const appHeader = sva({
  slots: [
    'root',
    'brand',
    'brandHeading',
    'brandName',
    'toolbar',
    'barItems',
    'menuTrigger',
    'menuNav',
  ],
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
      containerType: 'inline-size',
      containerName: 'header',
    },
    // The left side gives way first: only the Active badge's title shrinks (it ellipsizes).
    brand: { display: 'flex', alignItems: 'center', gap: '2.5', minW: 0, flex: '0 1 auto' },
    brandHeading: {
      fontSize: 'inherit',
      fontWeight: 'inherit',
      m: 0,
      display: 'flex',
      flexShrink: 0,
    },
    brandName: {
      fontWeight: 'semibold',
      letterSpacing: 'tight',
      whiteSpace: 'nowrap',
      flexShrink: 0,
      '@container header (width < 22rem)': {
        'header:has([data-active-prompt]) &': { srOnly: true },
      },
    },
    toolbar: { display: 'flex', alignItems: 'center', gap: '1', flexShrink: 0 },
    barItems: { hideBelow: 'md', display: 'flex', alignItems: 'center', gap: '1' },
    menuTrigger: { hideFrom: 'md' },
    menuNav: { flex: 1 },
  },
})

/**
 * One item of the bar (`HeaderButton`): icon and label, the label hidden while the header is
 * too narrow for it (see the sums above); the button is then a square icon button whose
 * aria-label and tooltip carry the label. The tooltip shows only while the label is hidden.
 * `collapse: 'labels'` is every labelled item; `'model'` is the model picker, whose name is
 * data the user needs and so stays longer.
 */
export const headerButton = sva({
  slots: ['root', 'label', 'tooltip'],
  base: {
    label: { display: 'inline-flex', alignItems: 'center', gap: '2', whiteSpace: 'nowrap' },
  },
  variants: {
    collapse: {
      labels: {
        root: {
          '@container header (width < 67rem)': { w: '9', h: '9', px: '0' },
          '@container header (width < 76rem)': {
            'header:has([data-active-prompt]) &': { w: '9', h: '9', px: '0' },
          },
        },
        label: {
          '@container header (width < 67rem)': { display: 'none' },
          '@container header (width < 76rem)': {
            'header:has([data-active-prompt]) &': { display: 'none' },
          },
        },
        tooltip: {
          '@container header (width >= 76rem)': { display: 'none' },
          '@container header (width >= 67rem)': {
            'header:not(:has([data-active-prompt])) &': { display: 'none' },
          },
        },
      },
      model: {
        root: {
          '@container header (width < 39rem)': { w: '9', h: '9', px: '0' },
          '@container header (width < 47rem)': {
            'header:has([data-active-prompt]) &': { w: '9', h: '9', px: '0' },
          },
        },
        label: {
          '@container header (width < 39rem)': { display: 'none' },
          '@container header (width < 47rem)': {
            'header:has([data-active-prompt]) &': { display: 'none' },
          },
        },
        tooltip: {
          '@container header (width >= 47rem)': { display: 'none' },
          '@container header (width >= 39rem)': {
            'header:not(:has([data-active-prompt])) &': { display: 'none' },
          },
        },
      },
    },
  },
  defaultVariants: { collapse: 'labels' },
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
    whiteSpace: 'nowrap',
    _hover: { bg: 'primary.muted' },
  },
})
