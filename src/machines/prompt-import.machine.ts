import { assign, fromPromise, setup } from 'xstate'
import {
  type ImportPlan,
  MAX_IMPORT_BYTES,
  PROMPT_FILE_MESSAGES,
  type PromptFileEntry,
  type PromptFileRead,
  type PromptFileSource,
  planImport,
  readPromptFile,
} from '../domain/prompt-files'
import { notProvided } from './not-provided'
import type { Notice } from './notice'

/** A file the user chose: a browser `File` is one. */
export interface ImportFile {
  name: string
  size: number
}

/** docs/product/errors.md#prompt-files: what the import says besides a refused file. */
export const IMPORT_MESSAGES = {
  loadFailed: 'Could not load your prompts to compare with. Nothing was imported.',
  importFailed: 'Failed to import the prompts. Nothing was imported.',
  imported: (count: number) => `Imported ${count} ${count === 1 ? 'prompt' : 'prompts'}`,
} as const

export interface ImportContext {
  file: ImportFile | null
  source: PromptFileSource | null
  prompts: PromptFileEntry[]
  plan: ImportPlan
  /** Why the file or the import was refused, shown in the dialog. */
  error: string | null
  imported: number
}

export type ImportEvent =
  | { type: 'import.file'; file: ImportFile }
  | { type: 'import.confirm' }
  /** Back to choosing a file, from the preview or a failure. */
  | { type: 'import.back' }
  | { type: 'import.cancel' }

/** What the library hears when the import ends. */
export interface ImportOutput {
  imported: number
}

const EMPTY_PLAN: ImportPlan = { add: [], duplicates: [] }

const fresh = {
  file: null,
  source: null,
  prompts: [],
  plan: EMPTY_PLAN,
  error: null,
  imported: 0,
} satisfies ImportContext

/** A chosen file: refused at once when too large, else read. */
const chooseFile = () => [
  {
    guard: 'file too large?' as const,
    target: '#promptImport.failed',
    actions: 'refuse file' as const,
  },
  { target: '#promptImport.reading', actions: 'take file' as const },
]

/**
 * Importing a prompt file (docs/product/prompt-files.md#import): choose a file, read and check
 * it, preview what it adds and what it skips, then write it all at once, or nothing.
 */
export const promptImportMachine = setup({
  types: {
    context: {} as ImportContext,
    events: {} as ImportEvent,
    output: {} as ImportOutput,
  },
  actors: {
    'read file': fromPromise<string, { file: ImportFile }>(async () => {
      throw notProvided('read file')
    }),
    'load my prompts': fromPromise<Array<{ title: string; content: string }>>(async () => {
      throw notProvided('load my prompts')
    }),
    'write prompts': fromPromise<number, { prompts: PromptFileEntry[] }>(async () => {
      throw notProvided('write prompts')
    }),
  },
  actions: {
    notify: (_, _params: Notice) => {
      throw notProvided('notify')
    },
    'take file': assign(({ event }) => ({
      ...fresh,
      file: event.type === 'import.file' ? event.file : null,
    })),
    'refuse file': assign(({ event }) => ({
      ...fresh,
      file: event.type === 'import.file' ? event.file : null,
      error: PROMPT_FILE_MESSAGES.tooLarge,
    })),
  },
  guards: {
    'file too large?': ({ event }) =>
      event.type === 'import.file' && event.file.size > MAX_IMPORT_BYTES,
    'file refused?': ({ context }) => context.error !== null,
    'anything to add?': ({ context }) => context.plan.add.length > 0,
  },
}).createMachine({
  id: 'promptImport',
  context: fresh,
  output: ({ context }) => ({ imported: context.imported }),
  initial: 'choosing',
  // Cancel closes at any step but one: once the batch is sent it runs to its end.
  states: {
    choosing: {
      on: { 'import.file': chooseFile(), 'import.cancel': 'closed' },
    },
    reading: {
      tags: 'busy',
      on: { 'import.cancel': 'closed' },
      initial: 'file',
      states: {
        file: {
          invoke: {
            id: 'read file',
            src: 'read file',
            input: ({ context }) => ({ file: context.file as ImportFile }),
            onDone: {
              target: 'checked',
              actions: assign(({ event }) => {
                const read: PromptFileRead = readPromptFile(event.output)
                return read.ok
                  ? { source: read.source, prompts: read.prompts }
                  : { error: read.message }
              }),
            },
            onError: {
              target: '#promptImport.failed',
              actions: assign({ error: PROMPT_FILE_MESSAGES.unreadable }),
            },
          },
        },
        checked: {
          always: [{ guard: 'file refused?', target: '#promptImport.failed' }, { target: 'mine' }],
        },
        mine: {
          invoke: {
            id: 'load my prompts',
            src: 'load my prompts',
            onDone: {
              target: '#promptImport.preview',
              actions: assign({
                plan: ({ context, event }) => planImport(context.prompts, event.output),
              }),
            },
            onError: {
              target: '#promptImport.failed',
              actions: assign({ error: IMPORT_MESSAGES.loadFailed }),
            },
          },
        },
      },
    },
    preview: {
      tags: 'preview',
      on: {
        'import.confirm': { guard: 'anything to add?', target: 'importing' },
        'import.back': { target: 'choosing', actions: assign(fresh) },
        'import.cancel': 'closed',
      },
    },
    importing: {
      tags: ['preview', 'busy'],
      invoke: {
        id: 'write prompts',
        src: 'write prompts',
        input: ({ context }) => ({ prompts: context.plan.add }),
        onDone: {
          target: 'done',
          actions: [
            assign({ imported: ({ event }) => event.output }),
            {
              type: 'notify',
              params: ({ event }) => ({
                kind: 'success' as const,
                message: IMPORT_MESSAGES.imported(event.output),
              }),
            },
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({ error: IMPORT_MESSAGES.importFailed }),
        },
      },
    },
    failed: {
      tags: 'failed',
      on: {
        'import.file': chooseFile(),
        'import.back': { target: 'choosing', actions: assign(fresh) },
        'import.cancel': 'closed',
      },
    },
    done: { type: 'final' },
    closed: { type: 'final' },
  },
})
