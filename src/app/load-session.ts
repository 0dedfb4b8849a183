/** The session's chunk; main.tsx fetches it early when a session is stored. */
export const loadSessionModule = () => import('./session-actors')
