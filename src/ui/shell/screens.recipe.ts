import { cva, sva } from 'styled-system/css'

/** The loading screen: the app's mark, pulsing, in the middle of the page. */
export const loadingScreen = cva({ base: { minH: '100vh', display: 'grid', placeItems: 'center' } })

/** The signed-out landing card (docs/product/screens.md#signed-out). */
export const signedOutScreen = sva({
  slots: ['page', 'themeToggle', 'card', 'title', 'lead', 'signIn'],
  base: {
    page: { minH: '100vh', display: 'grid', placeItems: 'center', p: '6' },
    themeToggle: { position: 'fixed', top: '4', right: '4' },
    card: {
      w: 'full',
      maxW: 'md',
      bg: 'card',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'calc(var(--radius, 8px) * 2)',
      p: { base: '8', md: '10' },
      textAlign: 'center',
      boxShadow: '0 24px 60px -20px rgb(0 0 0 / 0.45)',
    },
    title: { fontSize: '3xl', fontWeight: 'bold', letterSpacing: 'tight', mb: '3' },
    lead: { color: 'fg.muted', lineHeight: 'relaxed', mb: '8' },
    signIn: { w: 'full' },
  },
})

/** The signed-in page: header, the chat column (room below for the fixed composer). */
export const signedInScreen = sva({
  slots: ['page', 'main', 'welcome', 'name'],
  base: {
    page: { minH: '100vh', display: 'flex', flexDirection: 'column' },
    main: { flex: 1, w: 'full', maxW: '3xl', mx: 'auto', px: '4', pt: '8', pb: '36' },
    welcome: { color: 'fg.muted', fontSize: 'sm' },
    name: { color: 'fg', fontWeight: 'semibold' },
  },
})
