import { fromPromise } from 'xstate'
import type { Notice } from '../machines/notice'
import { promptImportMachine } from '../machines/prompt-import.machine'
import type { LibraryData } from './prompt-library-data'
import type { PromptLists } from './prompt-lists'

/** What the library's import starts: the file read, checked, planned and written. */
export type ImporterActors = { 'import prompts': ReturnType<typeof provideImporter> }

/**
 * docs/product/prompt-files.md#import: the file's text, the user's own prompts, one batch. Its
 * own chunk, with the file format's code, loaded when the import first opens
 * (docs/performance.md, "Split").
 */
export function provideImporter(
  data: Pick<PromptLists, 'listMine'> & Pick<LibraryData, 'importPrompts'>,
  notify: (_: unknown, notice: Notice) => void,
) {
  return promptImportMachine.provide({
    actors: {
      'read file': fromPromise(({ input }) => (input.file as unknown as Blob).text()),
      'load my prompts': fromPromise(async () =>
        (await data.listMine()).map(({ title, content }) => ({ title, content })),
      ),
      'write prompts': fromPromise(({ input }) => data.importPrompts(input.prompts)),
    },
    actions: { notify },
  })
}
