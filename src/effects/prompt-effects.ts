import { fromPromise } from 'xstate'
import type { ParentBridge } from '../bridge/parent-window'
import type { Notice } from '../machines/notice'
import { promptActivationMachine } from '../machines/prompt-activation.machine'
import type { KeyValueStorage, PlatformClient } from '../platform/index'
import { deferredActors } from './deferred-logic'
import type { SavedFile } from './download-link'
import { showToast } from './notify'
import { createPromptData } from './prompt-data'
import type { LibraryLogic } from './prompt-library-effects'
import type { PickerLogic } from './prompt-picker-effects'
import { recallValues, rememberValues } from './prompt-values'
import type { QuickPromptsLogic } from './quick-prompts-effects'

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

  // The library's, the quick prompts' and the `/` picker's machines and effects load apart
  // (docs/performance.md, "Split"): the app machine starts them only after its `load extras`
  // step has filled these.
  const later = deferredActors<{
    library: LibraryLogic
    quickPrompts: QuickPromptsLogic
    picker: PickerLogic
  }>(['library', 'quickPrompts', 'picker'])
  const loadLater = async () => {
    const [{ createPromptLists, provideLibrary }, { provideQuickPrompts }, { providePicker }] =
      await Promise.all([
        import('./prompt-library-effects'),
        import('./quick-prompts-effects'),
        import('./prompt-picker-effects'),
      ])
    const { db } = options.platform
    const userId = options.currentUserId
    // The lists the three share: the user's own prompts, and rows with their ratings.
    const data = createPromptLists(db, userId)
    later.fill({
      library: provideLibrary({ data, db, userId, notify, now, saveFile }),
      quickPrompts: provideQuickPrompts({ data, db, userId, now }, notify),
      picker: providePicker({ data, db, userId }, notify),
    })
  }

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

  return { ...later.logic, loadLater, activation }
}
