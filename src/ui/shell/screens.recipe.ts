import { cva, sva } from 'styled-system/css'

/** The loading screen: the app's mark, pulsing, in the middle of the page. */
export const loadingScreen = cva({ base: { minH: '100vh', display: 'grid', placeItems: 'center' } })

/**
 * The brand mark (white on the primary-to-accent gradient) rather than a tinted icon, which on
 * the dark page was a faint shape at the bottom of its pulse.
 */
export const loadingMark = cva({
  base: { animation: 'pulse 1.6s ease-in-out infinite', '& > span': { mb: 0 } },
})

/** The signed-out landing card (docs/product/screens.md#signed-out). */
export const signedOutScreen = sva({
  slots: ['page', 'themeToggle', 'card', 'title', 'lead', 'signIn', 'actions'],
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
    actions: { display: 'grid', gap: '3' },
  },
})

/**
 * The signed-in page: header, then from 768 px the conversations sidebar (260 px) beside the
 * chat column (room below for the fixed composer, which starts right of the sidebar).
 */
export const signedInScreen = sva({
  slots: ['page', 'skip', 'body', 'column', 'main', 'composer', 'welcome', 'name'],
  base: {
    page: { minH: '100vh', display: 'flex', flexDirection: 'column' },
    // Out of sight until a keyboard reaches it, the first stop of the page.
    skip: {
      position: 'fixed',
      top: '2',
      left: '2',
      zIndex: 30,
      px: '3',
      py: '2',
      borderRadius: 'card',
      borderWidth: '1px',
      borderColor: 'border',
      bg: 'card',
      color: 'fg',
      fontWeight: 'medium',
      transform: 'translateY(-200%)',
      _focusVisible: { transform: 'none' },
    },
    // The composer (src/ui/chat/message-input.recipe.ts) is fixed to the viewport; it starts
    // where this says, right of the sidebar, or of its rail when folded (SIDEBAR_WIDTH and
    // RAIL_WIDTH in src/ui/conversations/conversations.recipe.ts: literals, for Panda to read).
    body: {
      flex: 1,
      display: 'flex',
      '--composer-left': { base: '0px', md: '260px' },
      '&:has(> [data-folded])': { '--composer-left': { base: '0px', md: '56px' } },
    },
    column: { flex: 1, minW: 0, display: 'flex', flexDirection: 'column' },
    main: { flex: 1, w: 'full', maxW: '3xl', mx: 'auto', px: '4', pt: '8', pb: '36' },
    composer: {},
    welcome: { color: 'fg.muted', fontSize: 'sm' },
    name: { color: 'fg', fontWeight: 'semibold' },
  },
})
