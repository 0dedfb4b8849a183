import { fromPromise } from 'xstate'
import type { Notice } from '../machines/notice'
import { promptLibraryMachine } from '../machines/prompt-library.machine'
import { promptMarksMachine } from '../machines/prompt-marks.machine'
import { promptRankingMachine } from '../machines/prompt-ranking.machine'
import type { DbClient } from '../platform/db-client'
import { deferredActors } from './deferred-logic'
import { type SavedFile, saveByLink } from './download-link'
import type { ImporterActors } from './prompt-import-effects'
import { createLibraryData } from './prompt-library-data'
import type { PromptLists } from './prompt-lists'
import { rankPrompts } from './prompt-ranking'

// The lists the library shares with the quick menu and the picker load with it.
export { createPromptLists } from './prompt-lists'

export interface LibraryEffectsOptions {
  /** The lists, shared with the session's prompt features. */
  data: PromptLists
  /** The library's writes are made over this, as this user. */
  db: DbClient
  userId: () => string
  notify: (_: unknown, notice: Notice) => void
  now?: () => number
  /** Hands a file to the browser as a download; a clicked `download` link by default. */
  saveFile?: (file: SavedFile) => void
}

/**
 * The Prompt Library's machine with its effects: the data, the clipboard and the export's
 * download. Its own chunk, loaded when the page is idle or the library first opens
 * (docs/performance.md, "Split").
 */
export function provideLibrary(options: LibraryEffectsOptions) {
  const { data, notify } = options
  const now = options.now ?? Date.now
  const writes = createLibraryData(options.db, options.userId, now, data)
  const saveFile = options.saveFile ?? saveByLink
  // The import loads with its dialog (docs/performance.md, "Split"): the library starts it only
  // after its `load importer` step has filled this.
  const importer = deferredActors<ImporterActors>(['import prompts'])

  return promptLibraryMachine.provide({
    actors: {
      'load prompts': fromPromise(({ input }) => writes.loadLibrary(input.tab, input.filter)),
      ranking: promptRankingMachine.provide({
        actors: {
          'rank prompts': fromPromise(({ input }) =>
            rankPrompts(options.db, input.query, input.ids),
          ),
        },
      }),
      marks: promptMarksMachine.provide({
        actors: {
          'save mark': fromPromise(({ input: { promptId, favourite, tags } }) =>
            writes.saveMark(promptId, tags ? { tags } : { favourite }),
          ),
        },
      }),
      'create prompt': fromPromise(({ input }) => writes.createPrompt(input)),
      'update prompt': fromPromise(({ input }) => writes.updatePrompt(input)),
      'rate prompt': fromPromise(({ input }) => writes.ratePrompt(input.promptId, input.rating)),
      'save prompt copy': fromPromise(({ input }) => writes.saveCopy(input.prompt)),
      'delete or hide prompt': fromPromise(({ input }) => writes.deleteOrHide(input.prompt)),
      'unhide prompt': fromPromise(({ input }) => writes.unhide(input.prompt.id)),
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
        importer.fill({
          'import prompts': provideImporter(
            { listMine: data.listMine, importPrompts: writes.importPrompts },
            notify,
          ),
        })
      }),
      ...importer.logic,
    },
    actions: { notify },
  })
}

export type LibraryLogic = ReturnType<typeof provideLibrary>
