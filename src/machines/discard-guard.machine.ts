import { setup } from 'xstate'
import { notProvided } from './not-provided'

export type DiscardGuardEvent =
  /** Escape or a click outside asked the form to close; `changed`: it holds unsaved changes. */
  { type: 'dismiss'; changed: boolean } | { type: 'keep' } | { type: 'discard' }

/**
 * A prompt form's dismissal (`PromptFormDialog` in src/ui/prompts/prompt-form.tsx;
 * docs/product/screens.md#create-prompt): Escape or a click outside closes an unchanged form at
 * once, but asks before it throws changes away. `Keep editing` (or Escape again) goes back to
 * the form as it was; `Discard` closes it. Cancel is the user's own choice and never asks.
 * Tag `asking`: the question shows. The action `close` is the form's Cancel.
 */
export const discardGuardMachine = setup({
  types: { events: {} as DiscardGuardEvent },
  actions: {
    close: () => {
      throw notProvided('close')
    },
  },
  guards: {
    'changed?': ({ event }) => event.type === 'dismiss' && event.changed,
  },
}).createMachine({
  id: 'discardGuard',
  initial: 'editing',
  states: {
    editing: {
      on: {
        dismiss: [{ guard: 'changed?', target: 'asking' }, { actions: 'close' }],
      },
    },
    asking: {
      tags: 'asking',
      on: {
        keep: 'editing',
        dismiss: 'editing',
        discard: { target: 'editing', actions: 'close' },
      },
    },
  },
})
