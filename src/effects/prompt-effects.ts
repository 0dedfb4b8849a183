import { fromPromise } from 'xstate'
import type { ParentBridge } from '../bridge/parent-window'
import { pickerPrompts } from '../domain/prompt-picker'
import type { Notice } from '../machines/notice'
import { promptActivationMachine } from '../machines/prompt-activation.machine'
import { promptLibraryMachine } from '../machines/prompt-library.machine'
import { promptPickerMachine } from '../machines/prompt-picker.machine'
import { quickPromptsMachine } from '../machines/quick-prompts.machine'
import type { KeyValueStorage, PlatformClient } from '../platform/index'
import { deferredActors } from './deferred-logic'
import { showToast } from './notify'
import { createPromptData } from './prompt-data'
import type { ImporterActors } from './prompt-import-effects'
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

/** A file the app writes for the user: its name, media type and text. */
export interface SavedFile {
  name: string
  type: string
  text: string
}

/** Downloads a file made in the page, as a link with a `download` attribute would. */
function saveByLink(file: SavedFile): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.type }))
  const link = document.createElement('a')
  link.href = url
  link.download = file.name
  link.rel = 'noopener'
  document.body.append(link)
  try {
    link.click()
  } finally {
    link.remove()
    // Revoked on the next turn: the download has its own reference by then.
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
}

/**
 * The prompt features' effects: the data (prompt-data.ts), the clipboard, local storage and the
 * parent window. What one feature tells another (fill the chat, refresh the lists) is routed
 * by the app machine, not here (docs/architecture.md, "The actor system").
 */
export function providePrompts(options: PromptEffectsOptions) {
  const notify = (_: unknown, notice: Notice) => (options.notify ?? showToast)(notice)
  const data = createPromptData(options.platform.db, options.currentUserId, options.now)
  const now = options.now ?? Date.now
  const saveFile = options.saveFile ?? saveByLink

  // The import loads with its dialog (docs/performance.md, "Split"): the library starts it only
  // after its `load importer` step has filled this.
  const importer = deferredActors<ImporterActors>(['import prompts'])

  const library = promptLibraryMachine.provide({
    actors: {
      'load prompts': fromPromise(({ input }) => data.loadLibrary(input.tab)),
      'create prompt': fromPromise(({ input }) => data.createPrompt(input)),
      'update prompt': fromPromise(({ input }) => data.updatePrompt(input)),
      'rate prompt': fromPromise(({ input }) => data.ratePrompt(input.promptId, input.rating)),
      'save prompt copy': fromPromise(({ input }) => data.saveCopy(input.prompt)),
      'delete or hide prompt': fromPromise(({ input }) => data.deleteOrHide(input.prompt)),
      'unhide prompt': fromPromise(({ input }) => data.unhide(input.prompt.id)),
      'copy text': fromPromise(async ({ input }) => {
        await navigator.clipboard.writeText(input.text)
      }),
      // docs/product/prompt-files.md#export: nothing is written when there is nothing to write.
      'export prompts': fromPromise(async () => {
        const mine = await data.listMine()
        if (!mine.length) return 0
        const exportedAt = new Date(now())
        const entries = mine.map(({ title, content, type, isPublic }) => ({
          title,
          content,
          type,
          isPublic: isPublic === '1',
        }))
        // The file format's code, with the import's, is not in the first paint.
        const { promptFileName, writePromptFile } = await import('../domain/prompt-files')
        saveFile({
          name: promptFileName(exportedAt),
          type: 'application/json',
          text: writePromptFile(entries, exportedAt),
        })
        return mine.length
      }),
      'load importer': fromPromise(async () => {
        const { provideImporter } = await import('./prompt-import-effects')
        importer.fill({ 'import prompts': provideImporter(data, notify) })
      }),
      ...importer.logic,
    },
    actions: { notify },
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
        const [mine, quick] = await Promise.all([data.loadLibrary('mine'), data.loadQuick()])
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

  return { library, activation, quickPrompts, picker }
}
