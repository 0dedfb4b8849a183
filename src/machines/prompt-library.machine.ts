import { assign, fromPromise, sendParent, sendTo, setup } from 'xstate'
import { type LibraryFilter, NO_FILTER, withoutTag, withTag } from '../domain/prompt-marks'
import { filterPrompts } from '../domain/prompt-search'
import type { LibraryList, LibraryPrompt } from '../domain/prompt-types'
import { hasVariables } from '../domain/prompt-variables'
import type { AppReport } from './app-reports'
import { notProvided } from './not-provided'
import type { Notice } from './notice'
import type { ImportOutput, promptImportMachine } from './prompt-import.machine'
import {
  type CreateDraft,
  type DeleteOutcome,
  type EditDraft,
  EMPTY_CREATE,
  EMPTY_EDIT,
  EXPORT_MESSAGES,
  IMPORT_UNAVAILABLE,
  type LibraryContext,
  type LibraryEvent,
  type LibraryInput,
  MARK_FAILED_MESSAGES,
  REQUIRED_MESSAGE,
  type SaveCopyOutcome,
} from './prompt-library-state'
import { type MarkWrite, promptMarksMachine } from './prompt-marks.machine'
import { promptRankingMachine } from './prompt-ranking.machine'
import {
  promptVariablesMachine,
  type VariablesFormOutput,
  variablesFormInput,
} from './prompt-variables.machine'
import { providedLater } from './provided-later'

export * from './prompt-library-state'

const complete = (draft: { title: string; content: string }) =>
  draft.title.trim() !== '' && draft.content.trim() !== ''

const notice = (kind: Notice['kind'], message: string) => ({
  type: 'notify' as const,
  params: { kind, message },
})

/** The list with one prompt's star or tags as written (shown at once, before it lands). */
const marked = (prompts: LibraryPrompt[], write: MarkWrite) =>
  prompts.map((prompt) =>
    prompt.id !== write.promptId
      ? prompt
      : write.tags
        ? { ...prompt, tags: write.tags }
        : { ...prompt, favourite: write.favourite },
  )

/** The prompt as the list shows it now (a card's event may carry an older copy). */
const current = (context: LibraryContext, prompt: LibraryPrompt) =>
  context.prompts.find((p) => p.id === prompt.id) ?? prompt

/** The write a star or tag event asks for; null when it changes nothing or is refused. */
function markWrite(context: LibraryContext, event: LibraryEvent): MarkWrite | null {
  if (event.type === 'prompt.favourite.toggle') {
    const prompt = current(context, event.prompt)
    return { promptId: prompt.id, favourite: !prompt.favourite }
  }
  if (event.type !== 'prompt.tag.add' && event.type !== 'prompt.tag.remove') return null
  const tags = current(context, event.prompt).tags ?? []
  const next =
    event.type === 'prompt.tag.remove' ? withoutTag(tags, event.tag) : withTag(tags, event.text)
  if (!Array.isArray(next) && !next.ok) return null
  const after = Array.isArray(next) ? next : next.tags
  return after.join('\n') === tags.join('\n') ? null : { promptId: event.prompt.id, tags: after }
}

/**
 * Starring, tagging and untagging: handed to the writer, which writes in order, and shown at
 * once. In that order: both read the change from the list as it was.
 */
const MARK = { guard: 'changes marks?', actions: ['write mark', 'show mark'] } as const

/** The Prompt Library dialog: tabs, search, list loading and every card/create/edit action. */
/** A card's writes: each keeps the prompt it is about, writes, then reads the list again. */
const CARD_WRITES = {
  'prompt.saveCopy': { target: 'savingCopy', actions: 'keep subject' },
  'prompt.delete': { target: 'deleting', actions: 'keep subject' },
  'prompt.unhide': { target: 'unhiding', actions: 'keep subject' },
} as const

export const promptLibraryMachine = setup({
  types: {
    context: {} as LibraryContext,
    events: {} as LibraryEvent,
    input: {} as LibraryInput | undefined,
  },
  actors: {
    'load prompts': fromPromise<LibraryPrompt[], { tab: LibraryList; filter: LibraryFilter }>(
      async () => {
        throw notProvided('load prompts')
      },
    ),
    'create prompt': fromPromise<unknown, CreateDraft>(async () => {
      throw notProvided('create prompt')
    }),
    'update prompt': fromPromise<unknown, EditDraft>(async () => {
      throw notProvided('update prompt')
    }),
    'rate prompt': fromPromise<unknown, { promptId: string; rating: number }>(async () => {
      throw notProvided('rate prompt')
    }),
    'save prompt copy': fromPromise<SaveCopyOutcome, { prompt: LibraryPrompt }>(async () => {
      throw notProvided('save prompt copy')
    }),
    'unhide prompt': fromPromise<unknown, { prompt: LibraryPrompt }>(async () => {
      throw notProvided('unhide prompt')
    }),
    'delete or hide prompt': fromPromise<DeleteOutcome, { prompt: LibraryPrompt }>(async () => {
      throw notProvided('delete or hide prompt')
    }),
    'copy text': fromPromise<unknown, { text: string }>(async () => {
      throw notProvided('copy text')
    }),
    // Writes stars and tags in order; its own effect is provided with the library's.
    marks: promptMarksMachine,
    // Orders the search's matches as the app's search does; provided with the library's effects.
    ranking: promptRankingMachine,
    // The fill-in form of a prompt with variables (docs/product/variables.md); no effects.
    'variables form': promptVariablesMachine,
    /** Writes the user's own prompts to a file (docs/product/prompt-files.md); resolves to how many. */
    'export prompts': fromPromise<number>(async () => {
      throw notProvided('export prompts')
    }),
    /** Brings the import's code, which is not in the first paint (docs/performance.md, "Split"). */
    'load importer': fromPromise<void>(async () => {
      throw notProvided('load importer')
    }),
    // Importing a prompt file (docs/product/prompt-files.md#import); named by type only.
    'import prompts': providedLater<typeof promptImportMachine>('import prompts'),
  },
  actions: {
    // The prompt a card's write is about (CARD_WRITES).
    'keep subject': assign({
      subject: ({ event }) => (event as Extract<LibraryEvent, { type: 'prompt.delete' }>).prompt,
    }),
    notify: (_, _params: Notice) => {
      throw notProvided('notify')
    },
    'show mark': assign({
      prompts: ({ context, event }) =>
        marked(context.prompts, markWrite(context, event) as MarkWrite),
    }),
    // The matches of what is typed, for the database to order (docs/product/search.md).
    rank: sendTo('ranking', ({ context }) => ({
      type: 'rank' as const,
      query: context.search,
      ids: filterPrompts(context.prompts, context.search).map((prompt) => prompt.id),
    })),
    'write mark': sendTo('marks', ({ context, event }) => ({
      type: 'mark.save' as const,
      write: markWrite(context, event) as MarkWrite,
    })),
    // Routed by the app machine to the chat's input.
    'fill chat input': sendParent(
      (_, { content }: { content: string }): AppReport => ({ type: 'chat.fill', content }),
    ),
    // Routed by the app machine to the activation, which re-reads the prompt if it is the
    // active one: a deleted one leaves the chat and the header badge, an edited one reaches
    // the chat as edited, and one whose type became User is no longer active.
    'announce change': sendParent(
      (_, { promptId }: { promptId: string }): AppReport => ({ type: 'prompt.changed', promptId }),
    ),
  },
  guards: {
    'runs in chat?': ({ event }) => event.type === 'prompt.run' && event.prompt.type === 'user',
    'runs with variables?': ({ event }) =>
      event.type === 'prompt.run' &&
      event.prompt.type === 'user' &&
      hasVariables(event.prompt.content),
    'form submitted?': ({ event }) =>
      (event as unknown as { output: VariablesFormOutput }).output !== null,
    'create draft complete?': ({ context }) => complete(context.create),
    'edit draft complete?': ({ context }) => complete(context.edit),
    'stale?': ({ context }) => context.stale,
    'whole stars?': ({ event }) =>
      event.type === 'prompt.rate' &&
      Number.isInteger(event.rating) &&
      event.rating >= 1 &&
      event.rating <= 5,
    'nothing exported?': ({ event }) => (event as unknown as { output: number }).output === 0,
    'already saved?': ({ event }) =>
      (event as unknown as { output: SaveCopyOutcome }).output === 'alreadySaved',
    'changes marks?': ({ context, event }) => markWrite(context, event) !== null,
    'tag refused?': ({ context, event }) =>
      event.type === 'prompt.tag.add' &&
      !withTag(current(context, event.prompt).tags ?? [], event.text).ok,
    'anything imported?': ({ event }) =>
      (event as unknown as { output: ImportOutput }).output.imported > 0,
  },
}).createMachine({
  id: 'promptLibrary',
  context: ({ input }) => ({
    tab: 'public',
    search: '',
    ranked: { query: '', order: [] },
    filter: NO_FILTER,
    prompts: [],
    create: EMPTY_CREATE,
    edit: EMPTY_EDIT,
    subject: null,
    shareOrigin: input?.shareOrigin ?? '',
    stale: false,
  }),
  invoke: [
    { id: 'marks', src: 'marks' },
    { id: 'ranking', src: 'ranking' },
  ],
  on: {
    'ranking.done': { actions: assign({ ranked: ({ event }) => event }) },
    // A write that failed after the library closed is still said.
    'marks.failed': {
      actions: {
        type: 'notify',
        params: ({ event }) => ({
          kind: 'error',
          message: MARK_FAILED_MESSAGES[event.write.tags ? 'tags' : 'favourite'],
        }),
      },
    },
  },
  initial: 'closed',
  states: {
    closed: {
      on: {
        // Opened on a search's prompt: unfiltered, so the prompt is there.
        'library.open': {
          target: 'open',
          actions: assign(({ event }) => (event.find ? { ...event.find, filter: NO_FILTER } : {})),
        },
      },
    },
    open: {
      tags: 'open',
      on: {
        // The tab chosen stays for the next opening; the hidden list does not.
        'library.close': {
          target: 'closed',
          actions: assign({
            tab: ({ context }) => (context.tab === 'hidden' ? 'public' : context.tab),
          }),
        },
        // Read again at once when at rest, after the form or the write otherwise ('ready').
        'library.refresh': { actions: assign({ stale: true }) },
        'library.tab.change': {
          target: '.loading',
          actions: assign({ tab: ({ event }) => event.tab }),
        },
        'library.hidden.toggle': {
          target: '.loading',
          actions: assign({
            tab: ({ context }) => (context.tab === 'hidden' ? 'public' : 'hidden'),
          }),
        },
        'library.search.change': {
          actions: [assign({ search: ({ event }) => event.value }), 'rank'],
        },
        'library.filter.favourites': {
          target: '.loading',
          actions: assign({
            filter: ({ context }) => ({
              ...context.filter,
              favourites: !context.filter.favourites,
            }),
          }),
        },
        'library.filter.tag': {
          target: '.loading',
          actions: assign({
            filter: ({ context, event }) => ({ ...context.filter, tag: event.tag }),
          }),
        },
        'prompt.favourite.toggle': MARK,
        'prompt.tag.add': [
          MARK,
          {
            guard: 'tag refused?',
            actions: {
              type: 'notify',
              params: ({ context, event }) => {
                const check = withTag(current(context, event.prompt).tags ?? [], event.text)
                return { kind: 'error', message: check.ok ? '' : check.message }
              },
            },
          },
        ],
        'prompt.tag.remove': MARK,
        // What landed is what the list shows, even over a list read before it landed.
        'marks.saved': {
          actions: assign({
            prompts: ({ context, event }) => marked(context.prompts, event.write),
          }),
        },
      },
      initial: 'loading',
      states: {
        loading: {
          tags: 'busy',
          entry: assign({ stale: false }),
          invoke: {
            id: 'load prompts',
            src: 'load prompts',
            input: ({ context }) => ({ tab: context.tab, filter: context.filter }),
            onDone: {
              target: 'ready',
              actions: [assign({ prompts: ({ event }) => event.output }), 'rank'],
            },
            onError: {
              target: 'ready',
              actions: [assign({ prompts: [] }), notice('error', 'Failed to load prompts')],
            },
          },
          // The list reads again after every create and rating, so neither waits for it: the
          // form opens at once (and the list is read again when it closes), and a star clicked
          // meanwhile is saved.
          // So are Save, Delete or Hide and Unhide, clicked on a card while it reads: each writes,
          // then reads again (a click here used to be lost).
          on: {
            'create.open': 'creating',
            'prompt.rate': { guard: 'whole stars?', target: 'rating' },
            ...CARD_WRITES,
          },
        },
        // At rest, the list is read again quietly whenever the prompts changed (here or on
        // another device: docs/product/live-sync.md): every button keeps working while it reads.
        ready: {
          initial: 'resting',
          states: {
            resting: { always: { guard: 'stale?', target: 'refreshing' } },
            refreshing: {
              entry: assign({ stale: false }),
              invoke: {
                id: 'load prompts',
                src: 'load prompts',
                input: ({ context }) => ({ tab: context.tab, filter: context.filter }),
                onDone: {
                  target: 'resting',
                  actions: [assign({ prompts: ({ event }) => event.output }), 'rank'],
                },
                // The list shown stays; the next change reads it again.
                onError: 'resting',
              },
            },
          },
          on: {
            // The list is read again: what the user sees is what was kept.
            'marks.failed': {
              target: 'loading',
              actions: {
                type: 'notify',
                params: ({ event }) => ({
                  kind: 'error',
                  message: MARK_FAILED_MESSAGES[event.write.tags ? 'tags' : 'favourite'],
                }),
              },
            },
            'prompt.run': [
              // Variables are filled in first; the library stays open under the form.
              {
                guard: 'runs with variables?',
                target: 'filling',
                actions: assign({ subject: ({ event }) => event.prompt }),
              },
              {
                guard: 'runs in chat?',
                target: '#promptLibrary.closed',
                actions: [
                  {
                    type: 'fill chat input',
                    params: ({ event }) => ({ content: event.prompt.content }),
                  },
                  {
                    type: 'notify',
                    params: ({ event }) => ({
                      kind: 'success',
                      message: `Running prompt: ${event.prompt.title}`,
                    }),
                  },
                ],
              },
            ],
            'prompt.rate': { guard: 'whole stars?', target: 'rating' },
            ...CARD_WRITES,
            'prompt.copyLink': 'copying',
            'prompt.edit': {
              target: 'editing',
              actions: assign({
                edit: ({ event }) => ({
                  id: event.prompt.id,
                  title: event.prompt.title,
                  content: event.prompt.content,
                  type: event.prompt.type,
                  isPublic: event.prompt.isPublic === '1',
                }),
              }),
            },
            'create.open': 'creating',
            'prompts.export': 'exporting',
            'import.open': 'openingImport',
          },
        },
        exporting: {
          tags: 'busy',
          invoke: {
            id: 'export prompts',
            src: 'export prompts',
            onDone: [
              {
                guard: 'nothing exported?',
                target: 'ready',
                actions: notice('info', EXPORT_MESSAGES.nothing),
              },
              {
                target: 'ready',
                actions: {
                  type: 'notify',
                  params: ({ event }) => ({
                    kind: 'success',
                    message: EXPORT_MESSAGES.exported(event.output),
                  }),
                },
              },
            ],
            onError: { target: 'ready', actions: notice('error', EXPORT_MESSAGES.failed) },
          },
        },
        // The import's code arrives on the first open, at once after.
        openingImport: {
          tags: 'busy',
          invoke: {
            id: 'importer loader',
            src: 'load importer',
            onDone: 'importing',
            onError: { target: 'ready', actions: notice('error', IMPORT_UNAVAILABLE) },
          },
        },
        importing: {
          tags: 'importing',
          invoke: {
            id: 'import prompts',
            src: 'import prompts',
            onDone: [
              {
                // What was imported shows at once: the user's own list, reloaded.
                guard: 'anything imported?',
                target: 'loading',
                actions: assign({ tab: 'mine' }),
              },
              { target: 'ready' },
            ],
            onError: 'ready',
          },
        },
        // Run of a prompt with variables: the form's Submit runs the filled text, Cancel
        // returns to the list with nothing changed.
        filling: {
          invoke: {
            id: 'variables',
            src: 'variables form',
            input: ({ context }) => variablesFormInput(context.subject, 'run'),
            onDone: [
              {
                guard: 'form submitted?',
                target: '#promptLibrary.closed',
                actions: [
                  {
                    type: 'fill chat input',
                    params: ({ event }) => ({ content: event.output?.content ?? '' }),
                  },
                  {
                    type: 'notify',
                    params: ({ context }) => ({
                      kind: 'success',
                      message: `Running prompt: ${context.subject?.title ?? ''}`,
                    }),
                  },
                ],
              },
              { target: 'ready' },
            ],
          },
        },
        rating: {
          tags: 'busy',
          invoke: {
            id: 'rate prompt',
            src: 'rate prompt',
            // Entered only by `prompt.rate`.
            input: ({ event }) => {
              const rate = event as Extract<LibraryEvent, { type: 'prompt.rate' }>
              return { promptId: rate.prompt.id, rating: rate.rating }
            },
            onDone: { target: 'loading', actions: notice('success', 'Rating saved') },
            onError: { target: 'ready', actions: notice('error', 'Failed to save rating') },
          },
        },
        savingCopy: {
          tags: 'busy',
          invoke: {
            id: 'save prompt copy',
            src: 'save prompt copy',
            input: ({ context }) => ({ prompt: context.subject as LibraryPrompt }),
            onDone: [
              {
                guard: 'already saved?',
                target: 'ready',
                actions: {
                  type: 'notify',
                  params: ({ context }) => ({
                    kind: 'info',
                    message: `"${context.subject?.title ?? ''}" is already in your prompts`,
                  }),
                },
              },
              {
                target: 'loading',
                actions: {
                  type: 'notify',
                  params: ({ context }) => ({
                    kind: 'success',
                    message: `Saved "${context.subject?.title ?? ''}" to your prompts`,
                  }),
                },
              },
            ],
            onError: { target: 'ready', actions: notice('error', 'Failed to save prompt') },
          },
        },
        unhiding: {
          tags: 'busy',
          invoke: {
            id: 'unhide prompt',
            src: 'unhide prompt',
            input: ({ context }) => ({ prompt: context.subject as LibraryPrompt }),
            onDone: {
              target: 'loading',
              actions: {
                type: 'notify',
                params: ({ context }) => ({
                  kind: 'success',
                  message: `"${context.subject?.title ?? ''}" is back in your library`,
                }),
              },
            },
            onError: { target: 'ready', actions: notice('error', 'Failed to unhide prompt') },
          },
        },
        deleting: {
          tags: 'busy',
          invoke: {
            id: 'delete or hide prompt',
            src: 'delete or hide prompt',
            input: ({ event }) => ({ prompt: (event as { prompt: LibraryPrompt }).prompt }),
            onDone: {
              target: 'loading',
              actions: [
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    kind: 'success',
                    message:
                      event.output === 'deleted'
                        ? 'Prompt deleted successfully'
                        : 'Prompt hidden from your library',
                  }),
                },
                // A deleted active prompt must leave the chat and the header badge too.
                {
                  type: 'announce change',
                  params: ({ context }) => ({ promptId: context.subject?.id ?? '' }),
                },
              ],
            },
            onError: { target: 'ready', actions: notice('error', 'Failed to delete prompt') },
          },
        },
        copying: {
          invoke: {
            id: 'copy text',
            src: 'copy text',
            // Entered only by `prompt.copyLink`.
            input: ({ event }) => ({ text: (event as { link: string }).link }),
            onDone: {
              target: 'ready',
              actions: notice('success', 'Share link copied to clipboard!'),
            },
            onError: { target: 'ready', actions: notice('error', 'Failed to copy URL') },
          },
        },
        creating: {
          tags: 'creating',
          entry: assign({ create: EMPTY_CREATE }),
          on: {
            'form.cancel': 'loading',
            'create.change': {
              actions: assign({
                create: ({ context, event }) => ({ ...context.create, ...event.patch }),
              }),
            },
          },
          initial: 'editing',
          states: {
            editing: {
              on: {
                'create.submit': [
                  { guard: 'create draft complete?', target: 'submitting' },
                  { actions: notice('error', REQUIRED_MESSAGE) },
                ],
              },
            },
            submitting: {
              tags: 'busy',
              invoke: {
                id: 'create prompt',
                src: 'create prompt',
                input: ({ context }) => ({
                  ...context.create,
                  title: context.create.title.trim(),
                  content: context.create.content.trim(),
                }),
                onDone: {
                  target: '#promptLibrary.open.loading',
                  actions: notice('success', 'Prompt created successfully'),
                },
                onError: { target: 'editing', actions: notice('error', 'Failed to create prompt') },
              },
            },
          },
        },
        editing: {
          tags: 'editing',
          on: {
            'form.cancel': 'ready',
            'edit.change': {
              actions: assign({
                edit: ({ context, event }) => ({ ...context.edit, ...event.patch }),
              }),
            },
          },
          initial: 'editing',
          states: {
            editing: {
              on: {
                'edit.submit': [
                  { guard: 'edit draft complete?', target: 'submitting' },
                  { actions: notice('error', REQUIRED_MESSAGE) },
                ],
              },
            },
            submitting: {
              tags: 'busy',
              invoke: {
                id: 'update prompt',
                src: 'update prompt',
                input: ({ context }) => ({
                  ...context.edit,
                  title: context.edit.title.trim(),
                  content: context.edit.content.trim(),
                }),
                onDone: {
                  target: '#promptLibrary.open.loading',
                  actions: [
                    notice('success', 'Prompt updated successfully'),
                    {
                      type: 'announce change',
                      params: ({ context }) => ({ promptId: context.edit.id }),
                    },
                  ],
                },
                onError: { target: 'editing', actions: notice('error', 'Failed to update prompt') },
              },
            },
          },
        },
      },
    },
  },
})
