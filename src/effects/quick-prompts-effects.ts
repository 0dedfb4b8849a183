import { fromPromise } from 'xstate'
import type { Notice } from '../machines/notice'
import { quickPromptsMachine } from '../machines/quick-prompts.machine'
import type { DbClient } from '../platform/db-client'
import { createLibraryData } from './prompt-library-data'
import type { PromptLists } from './prompt-lists'
import { loadQuickMenu } from './quick-menu'

/**
 * The Quick Prompts panel's machine on the prompt data: loaded with the library, after the
 * first paint (docs/performance.md, "Split").
 */
export function provideQuickPrompts(
  options: { data: PromptLists; db: DbClient; userId: () => string; now?: () => number },
  notify: (_: unknown, notice: Notice) => void,
) {
  const { data } = options
  const writes = createLibraryData(options.db, options.userId, options.now, data)
  return quickPromptsMachine.provide({
    actors: {
      'load quick prompts': fromPromise(() =>
        loadQuickMenu(options.db, options.userId(), data.withRatings),
      ),
      'add quick prompt': fromPromise(({ input }) => writes.addQuick(input.prompt.id)),
      'remove quick prompt': fromPromise(({ input }) => writes.removeQuick(input.entry.id)),
      'reorder quick prompts': fromPromise(({ input }) => writes.reorderQuick(input.entryIds)),
    },
    actions: { notify },
  })
}

export type QuickPromptsLogic = ReturnType<typeof provideQuickPrompts>
