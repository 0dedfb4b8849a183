import { setup } from 'xstate'
import { notProvided } from './not-provided'

export type Theme = 'dark' | 'light'

export interface ThemeInput {
  theme: Theme
}

/** The header's dark/light toggle; entering a theme applies it to the page and remembers it. */
export const themeMachine = setup({
  types: {
    input: {} as ThemeInput,
    context: {} as { initial: Theme },
    events: {} as { type: 'theme.toggle' },
  },
  actions: {
    'apply theme': (_, _params: { theme: Theme }) => {
      throw notProvided('apply theme')
    },
    'persist theme': (_, _params: { theme: Theme }) => {
      throw notProvided('persist theme')
    },
  },
  guards: {
    'starts light?': ({ context }) => context.initial === 'light',
  },
}).createMachine({
  id: 'theme',
  // The saved theme picks the first state; a machine's initial state cannot depend on input.
  context: ({ input }) => ({ initial: input.theme }),
  initial: 'choosing',
  states: {
    choosing: {
      always: [{ guard: 'starts light?', target: 'light' }, { target: 'dark' }],
    },
    dark: {
      entry: [
        { type: 'apply theme', params: { theme: 'dark' } },
        { type: 'persist theme', params: { theme: 'dark' } },
      ],
      on: { 'theme.toggle': 'light' },
    },
    light: {
      entry: [
        { type: 'apply theme', params: { theme: 'light' } },
        { type: 'persist theme', params: { theme: 'light' } },
      ],
      on: { 'theme.toggle': 'dark' },
    },
  },
})
