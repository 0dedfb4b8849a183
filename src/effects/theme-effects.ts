import { type Theme, themeMachine } from '../machines/theme.machine'
import type { KeyValueStorage } from '../platform/index'

const THEME_STORAGE_KEY = 'theme'

export interface ThemeEnv {
  storage: KeyValueStorage
  rootElement: HTMLElement
}

/** The remembered theme: dark unless local storage says light. */
export function savedTheme(storage: KeyValueStorage): Theme {
  return storage.getItem(THEME_STORAGE_KEY) === 'light' ? 'light' : 'dark'
}

/** The theme toggle: a class on the page's root element, remembered under `theme`. */
export function provideTheme(env: ThemeEnv) {
  return themeMachine.provide({
    actions: {
      'apply theme': (_, { theme }: { theme: Theme }) => {
        env.rootElement.classList.remove('dark', 'light')
        env.rootElement.classList.add(theme)
      },
      'persist theme': (_, { theme }: { theme: Theme }) =>
        env.storage.setItem(THEME_STORAGE_KEY, theme),
    },
  })
}
