import { fromPromise } from 'xstate'
import type { ParentBridge } from '../bridge/parent-window'
import { pickerPrompts } from '../domain/prompt-picker'
import type { Notice } from '../machines/notice'
import { promptActivationMachine } from '../machines/prompt-activation.machine'
import { promptPickerMachine } from '../machines/prompt-picker.machine'
import { quickPromptsMachine } from '../machines/quick-prompts.machine'
import type { KeyValueStorage, PlatformClient } from '../platform/index'
import { deferredActors } from './deferred-logic'
import { showToast } from './notify'
import { createPromptData } from './prompt-data'
import type { LibraryLogic, SavedFile } from './prompt-library-effects'
import { recallValues, rememberValues } from './prompt-values'

export interface PromptEffectsOptions {
  platform: PlatformClient
  bridge: ParentBridge
  /** The signed-in user's id; throws when nobody is. */
  currentUserId: () => string
  notify?: (notice: Notice) => void
  now?: () => number
  /** Local storage: what the active prompt's variables were filled with. None: not kept. */
  storage?: KeyValueStorage
  /** Hands a file to the browser as a download; a clicked `download` link by default. */
  saveFile?: (file: SavedFile) => void
}

/**
 * The prompt features' effects: the data (prompt-data.ts), the clipboard, local storage and the
 * parent window. What one feature tells another (fill the chat, refresh the lists) is routed
 * by the app machine, not here (docs/architecture.md, "The actor system").
 */
export function providePrompts(options: PromptEffectsOptions) {
  const notify = (_: unknown, notice: Notice) => (options.notify ?? showToast)(notice)
  const data = createPromptData(options.platform.db, options.currentUserId, options.now)
  const { now, saveFile } = options

  // The library's machine and effects load apart (docs/performance.md, "Split"): the app
  // machine starts the library only after `load library` has filled this.
  const library = deferredActors<{ library: LibraryLogic }>(['library'])
  const loadLibrary = fromPromise(async () => {
    const { provideLibrary } = await import('./prompt-library-effects')
    const { db } = options.platform
    const userId = options.currentUserId
    library.fill({ library: provideLibrary({ data, db, userId, notify, now, saveFile }) })
  })

  const activation = promptActivationMachine.provide({
    actors: {
      'load active prompt': fromPromise(() => data.loadActive()),
      'activate prompt': fromPromise(({ input }) => data.activate(input.prompt.id)),
      'deactivate prompt': fromPromise(({ input }) => data.deactivate(input.prompt.id)),
      'recall values': fromPromise(async ({ input }) =>
        options.storage
          ? recallValues(options.storage, options.currentUserId(), input.promptId)
          : {},
      ),
    },
    actions: {
      notify,
      'notify parent': (_, { prompt }) => options.bridge.tellActivePrompt(prompt),
      'remember values': (_, { promptId, values }) => {
        if (options.storage) {
          rememberValues(options.storage, options.currentUserId(), promptId, values)
        }
      },
    },
  })

  // The `/` picker offers the quick prompts and the user's own user prompts.
  const picker = promptPickerMachine.provide({
    actors: {
      'load picker prompts': fromPromise(async () => {
        const [mine, quick] = await Promise.all([data.listMine(), data.loadQuick()])
        return pickerPrompts(mine, quick)
      }),
    },
    actions: { notify },
  })

  const quickPrompts = quickPromptsMachine.provide({
    actors: {
      'load quick prompts': fromPromise(() => data.loadQuick()),
      'add quick prompt': fromPromise(({ input }) => data.addQuick(input.prompt.id)),
      'remove quick prompt': fromPromise(({ input }) => data.removeQuick(input.entry.id)),
    },
    actions: { notify },
  })

  return { library: library.logic.library, loadLibrary, activation, quickPrompts, picker }
}
