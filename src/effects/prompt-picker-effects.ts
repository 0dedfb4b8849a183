import { fromPromise } from 'xstate'
import { pickerPrompts } from '../domain/prompt-picker'
import type { Notice } from '../machines/notice'
import { promptPickerMachine } from '../machines/prompt-picker.machine'
import type { DbClient } from '../platform/db-client'
import type { PromptLists } from './prompt-lists'
import { loadQuickMenu } from './quick-menu'

/**
 * The message input's `/` picker, one of the extras (docs/performance.md, "Split"): it offers
 * the quick prompts and the user's own user prompts.
 */
export function providePicker(
  { data, db, userId }: { data: PromptLists; db: DbClient; userId: () => string },
  notify: (_: unknown, notice: Notice) => void,
) {
  return promptPickerMachine.provide({
    actors: {
      'load picker prompts': fromPromise(async () => {
        const [mine, quick] = await Promise.all([
          data.listMine(),
          loadQuickMenu(db, userId(), data.withRatings),
        ])
        return pickerPrompts(mine, quick)
      }),
    },
    actions: { notify },
  })
}

export type PickerLogic = ReturnType<typeof providePicker>
