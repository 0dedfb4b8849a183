import { type RecipeVariantProps, sva } from 'styled-system/css'

/**
 * Slots of every Ark UI Dialog in the app (see `AppDialog`): a centred card over a dimmed page
 * (a bottom sheet on phones), a sheet from the left, or a panel on the right.
 */
export const dialog = sva({
  slots: [
    'backdrop',
    'positioner',
    'content',
    'form',
    'header',
    'heading',
    'title',
    'description',
    'close',
    'body',
    'footer',
  ],
  base: {
    backdrop: {
      position: 'fixed',
      inset: 0,
      zIndex: 40,
      bg: 'rgb(0 0 0 / 0.55)',
      backdropFilter: 'blur(2px)',
      // A dialog opened over another (Create Prompt over the library) dims that one too: its
      // backdrop and card go above the first dialog's card (Ark marks the nested card).
      '&:has(+ * [data-nested])': { zIndex: 60 },
    },
    positioner: {
      position: 'fixed',
      inset: 0,
      zIndex: 50,
      '&:has([data-nested])': { zIndex: 70 },
      display: 'flex',
      justifyContent: 'center',
      overflow: 'auto',
    },
    content: {
      position: 'relative',
      bg: 'card',
      color: 'fg',
      borderWidth: '1px',
      borderColor: 'border',
      boxShadow: '0 24px 60px -20px rgb(0 0 0 / 0.5)',
      outline: 'none',
      display: 'flex',
      flexDirection: 'column',
    },
    // A dialog that is one form: its parts stay the content's own rows, so a long body scrolls
    // between the header and the footer instead of pushing the footer out of the panel.
    form: { display: 'contents' },
    header: {
      display: 'flex',
      alignItems: 'flex-start',
      justifyContent: 'space-between',
      gap: '3',
      px: '5',
      pt: '5',
      pb: '3',
    },
    heading: { display: 'flex', alignItems: 'center', gap: '2.5' },
    title: { fontSize: 'lg', fontWeight: 'semibold', letterSpacing: 'tight' },
    description: { color: 'fg.muted', fontSize: 'sm', mt: '1' },
    close: { flexShrink: 0, mt: '-1', mr: '-2' },
    body: {
      // A tall dialog (size xl) keeps its footer at the bottom; the body scrolls between.
      flex: '1 1 auto',
      minH: 0,
      px: '5',
      pb: '5',
      overflowY: 'auto',
      display: 'flex',
      flexDirection: 'column',
      gap: '4',
    },
    footer: { display: 'flex', justifyContent: 'flex-end', gap: '2', px: '5', pb: '5' },
  },
  variants: {
    placement: {
      center: {
        positioner: { alignItems: { base: 'flex-end', sm: 'center' }, p: { base: '0', sm: '4' } },
        content: {
          w: 'full',
          maxH: { base: '90vh', sm: '85vh' },
          borderRadius: {
            base: 'calc(var(--radius, 8px) * 2) calc(var(--radius, 8px) * 2) 0 0',
            sm: 'calc(var(--radius, 8px) * 2)',
          },
        },
      },
      left: {
        positioner: { justifyContent: 'flex-start' },
        content: { h: 'full', w: '72', borderRightWidth: '1px', borderWidth: '0' },
        footer: {
          justifyContent: 'space-between',
          alignItems: 'center',
          pt: '3',
          pb: '3',
          borderTopWidth: '1px',
          borderColor: 'border',
          fontSize: 'sm',
          color: 'fg.muted',
        },
      },
      right: {
        positioner: {
          justifyContent: 'flex-end',
          alignItems: 'stretch',
          p: { base: '2', md: '6' },
        },
        content: { w: 'full', h: 'full', borderRadius: 'calc(var(--radius, 8px) * 1.5)' },
      },
    },
    size: {
      md: { content: { maxW: 'lg' } },
      // As tall as it may be at every width: a bottom sheet that grew with its list (the
      // library filtered, then cleared) moved its toolbar under a finger already on its way.
      xl: { content: { maxW: '4xl', h: { base: '90vh', md: '85vh' } } },
    },
  },
  // The left sheet has its own width: size does not apply to it.
  compoundVariants: [{ placement: 'left', css: { content: { maxW: '85vw', h: 'full' } } }],
  defaultVariants: { placement: 'center', size: 'md' },
})

export type DialogVariants = NonNullable<RecipeVariantProps<typeof dialog>>
