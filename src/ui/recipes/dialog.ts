import { sva } from 'styled-system/css'

/** Slots of an Ark UI Dialog: a centred card over a dimmed page, or a sheet from the left. */
export const dialog = sva({
  slots: ['backdrop', 'positioner', 'content', 'header', 'title', 'description', 'close', 'body'],
  base: {
    backdrop: {
      position: 'fixed',
      inset: 0,
      zIndex: 40,
      bg: 'rgb(0 0 0 / 0.55)',
      backdropFilter: 'blur(2px)',
    },
    positioner: {
      position: 'fixed',
      inset: 0,
      zIndex: 50,
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
    header: {
      display: 'flex',
      alignItems: 'flex-start',
      justifyContent: 'space-between',
      gap: '3',
      px: '5',
      pt: '5',
      pb: '3',
    },
    title: { fontSize: 'lg', fontWeight: 'semibold', letterSpacing: 'tight' },
    description: { color: 'fg.muted', fontSize: 'sm', mt: '1' },
    close: { flexShrink: 0, mt: '-1', mr: '-2' },
    body: {
      px: '5',
      pb: '5',
      overflowY: 'auto',
      display: 'flex',
      flexDirection: 'column',
      gap: '4',
    },
  },
  variants: {
    placement: {
      center: {
        positioner: { alignItems: { base: 'flex-end', sm: 'center' }, p: { base: '0', sm: '4' } },
        content: {
          w: 'full',
          maxW: 'lg',
          maxH: { base: '90vh', sm: '85vh' },
          borderRadius: {
            base: 'calc(var(--radius, 8px) * 2) calc(var(--radius, 8px) * 2) 0 0',
            sm: 'calc(var(--radius, 8px) * 2)',
          },
        },
      },
      left: {
        positioner: { justifyContent: 'flex-start' },
        content: { h: 'full', w: '72', maxW: '85vw', borderRightWidth: '1px', borderWidth: '0' },
      },
    },
  },
  defaultVariants: { placement: 'center' },
})
