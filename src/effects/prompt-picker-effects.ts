import { fromPromise } from 'xstate'
import { pickerPrompts } from '../domain/prompt-picker'
import type { Notice } from '../machines/notice'
import { promptPickerMachine } from '../machines/prompt-picker.machine'
import type { PromptData } from './prompt-data'

/**
 * The message input's `/` picker, one of the extras (docs/performance.md, "Split"): it offers
 * the quick prompts and the user's own user prompts.
 */
export function providePicker(data: PromptData, notify: (_: unknown, notice: Notice) => void) {
  return promptPickerMachine.provide({
    actors: {
      'load picker prompts': fromPromise(async () => {
        const [mine, quick] = await Promise.all([data.listMine(), data.loadQuick()])
        return pickerPrompts(mine, quick)
      }),
    },
    actions: { notify },
  })
}

export type PickerLogic = ReturnType<typeof providePicker>
