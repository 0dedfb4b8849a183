import { assign, fromPromise, sendParent, setup } from 'xstate'
import type { PromptDraft } from '../domain/prompt-types'
import { parseSharedPrompt, type SharedPromptParse } from '../domain/share-link'
import type { AppReport } from './app-reports'
import { notProvided } from './not-provided'
import type { Notice } from './notice'

export interface SharedPromptInput {
  /** The page address at start; its `prompt` parameter carries the shared prompt. */
  href: string
}

export interface SharedPromptContext {
  parsed: SharedPromptParse
  prompt: PromptDraft | null
}

export type SharedPromptEvent = { type: 'shared.add' } | { type: 'shared.dismiss' }

/** A prompt shared by link (docs/product/screens.md#signed-in, docs/product/behaviour.md): preview, add to the library, or dismiss. */
export const sharedPromptMachine = setup({
  types: {
    input: {} as SharedPromptInput,
    context: {} as SharedPromptContext,
    events: {} as SharedPromptEvent,
  },
  actors: {
    'add shared prompt': fromPromise<unknown, { prompt: PromptDraft }>(async () => {
      throw notProvided('add shared prompt')
    }),
  },
  actions: {
    notify: (_, _params: Notice) => {
      throw notProvided('notify')
    },
    'reset address': () => {
      throw notProvided('reset address')
    },
    // Routed by the app machine to the lists that show prompts.
    'announce change': sendParent({ type: 'prompts.changed' } satisfies AppReport),
  },
  guards: {
    'has shared prompt?': ({ context }) => context.parsed.kind === 'prompt',
    'link unreadable?': ({ context }) => context.parsed.kind === 'invalid',
  },
}).createMachine({
  id: 'sharedPrompt',
  context: ({ input }) => {
    const parsed = parseSharedPrompt(input.href)
    return { parsed, prompt: parsed.kind === 'prompt' ? parsed.prompt : null }
  },
  initial: 'reading',
  states: {
    reading: {
      always: [
        { guard: 'has shared prompt?', target: 'pending' },
        { guard: 'link unreadable?', target: 'invalid' },
        { target: 'none' },
      ],
    },
    none: {},
    invalid: {
      entry: { type: 'notify', params: { kind: 'error', message: 'Invalid shared prompt URL' } },
    },
    pending: {
      tags: 'pending',
      on: {
        'shared.add': 'adding',
        'shared.dismiss': { target: 'none', actions: [assign({ prompt: null }), 'reset address'] },
      },
    },
    adding: {
      tags: ['pending', 'busy'],
      invoke: {
        id: 'add shared prompt',
        src: 'add shared prompt',
        input: ({ context }) => ({ prompt: context.prompt as PromptDraft }),
        onDone: {
          target: 'none',
          actions: [
            assign({ prompt: null }),
            {
              type: 'notify',
              params: { kind: 'success', message: 'Prompt added to your library!' },
            },
            'reset address',
            'announce change',
          ],
        },
        onError: {
          target: 'pending',
          actions: { type: 'notify', params: { kind: 'error', message: 'Failed to add prompt' } },
        },
      },
    },
  },
})
