import { sva } from 'styled-system/css'

/** Ark UI Dialog parts of the prompt features: a centred card, or a side panel (`placement: side`). */
export const promptDialog = sva({
  slots: ['backdrop', 'positioner', 'content', 'header', 'title', 'body', 'footer'],
  base: {
    backdrop: {
      position: 'fixed',
      inset: 0,
      zIndex: 40,
      bg: 'black/60',
      backdropFilter: 'blur(2px)',
    },
    positioner: {
      position: 'fixed',
      inset: 0,
      zIndex: 50,
      display: 'flex',
      p: { base: '2', md: '6' },
    },
    content: {
      bg: 'card',
      color: 'fg',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'calc(var(--radius, 8px) * 1.5)',
      boxShadow: '0 24px 60px -20px rgb(0 0 0 / 0.55)',
      display: 'flex',
      flexDirection: 'column',
      maxH: 'full',
      w: 'full',
      outline: 'none',
    },
    header: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '3',
      px: '5',
      pt: '5',
      pb: '3',
    },
    title: { fontSize: 'lg', fontWeight: 'semibold', letterSpacing: 'tight' },
    body: {
      px: '5',
      pb: '5',
      overflowY: 'auto',
      display: 'flex',
      flexDirection: 'column',
      gap: '3',
    },
    footer: { display: 'flex', justifyContent: 'flex-end', gap: '2', px: '5', pb: '5' },
  },
  variants: {
    placement: {
      center: { positioner: { alignItems: 'center', justifyContent: 'center' } },
      side: {
        positioner: { justifyContent: 'flex-end', alignItems: 'stretch' },
        content: { maxW: 'sm', h: 'full' },
      },
    },
    size: {
      md: { content: { maxW: 'lg' } },
      xl: { content: { maxW: '4xl', h: { md: '85vh' } } },
    },
  },
  defaultVariants: { placement: 'center', size: 'md' },
})
