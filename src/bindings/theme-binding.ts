import { createActor } from 'xstate'
import { type Theme, themeMachine } from '../machines/theme.machine'
import type { BrowserEnv } from './browser-env'

export const THEME_STORAGE_KEY = 'theme'

/** The theme toggle, remembered under local-storage key `theme` (dark unless it says light). */
export function createThemeActor(env: BrowserEnv) {
  const saved: Theme = env.storage.getItem(THEME_STORAGE_KEY) === 'light' ? 'light' : 'dark'
  return createActor(
    themeMachine.provide({
      actions: {
        'apply theme': (_, { theme }: { theme: Theme }) => {
          env.rootElement.classList.remove('dark', 'light')
          env.rootElement.classList.add(theme)
        },
        'persist theme': (_, { theme }: { theme: Theme }) =>
          env.storage.setItem(THEME_STORAGE_KEY, theme),
      },
    }),
    { input: { theme: saved } },
  )
}
