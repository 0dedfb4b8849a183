import { fromPromise } from 'xstate'
import type { Notice } from '../machines/notice'
import { quickPromptsMachine } from '../machines/quick-prompts.machine'
import type { PromptData } from './prompt-data'

/**
 * The Quick Prompts panel's machine on the prompt data: loaded with the library, after the
 * first paint (docs/performance.md, "Split").
 */
export function provideQuickPrompts(
  data: PromptData,
  notify: (_: unknown, notice: Notice) => void,
) {
  return quickPromptsMachine.provide({
    actors: {
      'load quick prompts': fromPromise(() => data.loadQuick()),
      'add quick prompt': fromPromise(({ input }) => data.addQuick(input.prompt.id)),
      'remove quick prompt': fromPromise(({ input }) => data.removeQuick(input.entry.id)),
    },
    actions: { notify },
  })
}

export type QuickPromptsLogic = ReturnType<typeof provideQuickPrompts>
