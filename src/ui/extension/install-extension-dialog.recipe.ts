import { sva } from 'styled-system/css'

/** Install Chrome Extension (docs/product/screens.md#install-extension): sites, steps, notes. */
export const installExtension = sva({
  slots: [
    'intro',
    'sites',
    'site',
    'steps',
    'step',
    'stepNumber',
    'stepTitle',
    'stepText',
    'code',
    'note',
    'noteIcon',
    'footer',
    'action',
  ],
  base: {
    intro: { fontSize: 'sm', color: 'fg.muted' },
    sites: { display: 'flex', flexWrap: 'wrap', gap: '2', mt: '-2' },
    site: {
      px: '2.5',
      py: '1',
      fontSize: 'xs',
      fontWeight: 'medium',
      fontFamily: 'mono',
      color: 'fg',
      bg: 'primary.muted',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'full',
    },
    steps: { display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: '0' },
    step: {
      display: 'grid',
      gridTemplateColumns: 'auto 1fr',
      columnGap: '3',
      alignItems: 'start',
    },
    stepNumber: {
      display: 'grid',
      placeItems: 'center',
      w: '6',
      h: '6',
      borderRadius: 'full',
      bg: 'primary',
      color: 'primary.fg',
      fontSize: 'xs',
      fontWeight: 'semibold',
    },
    stepTitle: { fontSize: 'sm', fontWeight: 'semibold', lineHeight: '1.5rem' },
    stepText: { gridColumn: '2', fontSize: 'sm', color: 'fg.muted' },
    code: {
      fontFamily: 'mono',
      fontSize: '0.85em',
      px: '1',
      py: '0.5',
      borderRadius: 'sm',
      bg: 'primary.muted',
      color: 'fg',
      // A file or folder name stays whole: 'chrome-extension' never splits at its hyphen.
      whiteSpace: 'nowrap',
    },
    note: {
      display: 'flex',
      gap: '2',
      alignItems: 'flex-start',
      p: '3',
      fontSize: 'sm',
      borderWidth: '1px',
      borderRadius: 'card',
    },
    noteIcon: { flexShrink: 0, mt: '0.5' },
    // On phones the two buttons stack full width, the download on top.
    footer: {
      display: 'flex',
      flexDirection: { base: 'column-reverse', sm: 'row' },
      justifyContent: 'flex-end',
      gap: '2',
      w: 'full',
    },
    action: { w: { base: 'full', sm: 'auto' } },
  },
  variants: {
    tone: {
      warning: {
        note: {
          color: { base: 'amber.900', _dark: 'amber.100' },
          bg: { base: 'amber.50', _dark: 'rgb(245 158 11 / 0.12)' },
          borderColor: { base: 'amber.300', _dark: 'rgb(245 158 11 / 0.4)' },
        },
        noteIcon: { color: { base: 'amber.600', _dark: 'amber.400' } },
      },
      tip: {
        note: { color: 'fg.muted', borderColor: 'border' },
        noteIcon: { color: 'primary' },
      },
    },
  },
  defaultVariants: { tone: 'tip' },
})
