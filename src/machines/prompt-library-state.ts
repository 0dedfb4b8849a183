import type { LibraryFilter } from '../domain/prompt-marks'
import type {
  LibraryFind,
  LibraryList,
  LibraryPrompt,
  LibraryTab,
  PromptType,
} from '../domain/prompt-types'
import type { MarksReport } from './prompt-marks.machine'
import type { RankingReport } from './prompt-ranking.machine'

// The Prompt Library machine's context, events, outcomes and messages
// (docs/product/screens.md#prompt-library); its transitions are in prompt-library.machine.ts.

export const REQUIRED_MESSAGE = 'Title and content are required'

/** docs/product/errors.md: a star or tags that could not be saved (the list is read again). */
export const MARK_FAILED_MESSAGES = {
  favourite: 'Failed to update favourites',
  tags: 'Failed to save tags',
} as const

/** docs/product/errors.md#prompt-files: the export's toasts. */
export const EXPORT_MESSAGES = {
  exported: (count: number) => `Exported ${count} ${count === 1 ? 'prompt' : 'prompts'}`,
  nothing: 'You have no prompts to export yet',
  failed: 'Failed to export prompts',
} as const

/** The import's code did not arrive (offline, or a newer build replaced it). */
export const IMPORT_UNAVAILABLE = 'Could not open the import. Please reload the page.'

export interface CreateDraft {
  title: string
  content: string
  type: PromptType
  isPublic: boolean
}

/** Edit Prompt's draft: the spec's title and content, and the type and visibility creation set. */
export interface EditDraft {
  id: string
  title: string
  content: string
  type: PromptType
  isPublic: boolean
}

export interface LibraryContext {
  /** The list shown: a tab's, or (`hidden`, from Browse Public) the prompts the user hid. */
  tab: LibraryList
  search: string
  /** The search's order, best first, as the database ranked it for `query` (prompt-ranking.machine.ts). */
  ranked: { query: string; order: string[] }
  /** Favourites only, or one tag's prompts (docs/product/screens.md#favourites-and-tags). */
  filter: LibraryFilter
  prompts: LibraryPrompt[]
  create: CreateDraft
  edit: EditDraft
  /** The prompt a running action is about (for its toast). */
  subject: LibraryPrompt | null
  /** The app's own origin, which share links point at (docs/product/data.md). */
  shareOrigin: string
  /**
   * The prompts changed while a form or a write was open (here, or on another device:
   * docs/product/live-sync.md): the list is read again once the library is back at rest.
   */
  stale: boolean
}

export interface LibraryInput {
  shareOrigin?: string
}

export type LibraryEvent =
  /** Opens the library; on a prompt's tab and title when a search result is its prompt. */
  | { type: 'library.open'; find?: LibraryFind }
  | { type: 'library.close' }
  /** The user's prompts changed: the list is read again, never cutting a form or a write short. */
  | { type: 'library.refresh' }
  | { type: 'library.tab.change'; tab: LibraryTab }
  | { type: 'library.search.change'; value: string }
  | { type: 'library.hidden.toggle' }
  | { type: 'library.filter.favourites' }
  /** Only the prompts with this tag; null: any tag. */
  | { type: 'library.filter.tag'; tag: string | null }
  | { type: 'prompt.favourite.toggle'; prompt: LibraryPrompt }
  /** What the user typed in a card's tag field. */
  | { type: 'prompt.tag.add'; prompt: LibraryPrompt; text: string }
  | { type: 'prompt.tag.remove'; prompt: LibraryPrompt; tag: string }
  | MarksReport
  | RankingReport
  | { type: 'prompt.run'; prompt: LibraryPrompt }
  | { type: 'prompt.rate'; prompt: LibraryPrompt; rating: number }
  | { type: 'prompt.saveCopy'; prompt: LibraryPrompt }
  | { type: 'prompt.delete'; prompt: LibraryPrompt }
  | { type: 'prompt.unhide'; prompt: LibraryPrompt }
  | { type: 'prompt.copyLink'; prompt: LibraryPrompt; link: string }
  | { type: 'prompt.edit'; prompt: LibraryPrompt }
  | { type: 'create.open' }
  | { type: 'create.change'; patch: Partial<CreateDraft> }
  | { type: 'create.submit' }
  | { type: 'edit.change'; patch: Partial<Omit<EditDraft, 'id'>> }
  | { type: 'form.cancel' }
  | { type: 'edit.submit' }
  | { type: 'prompts.export' }
  | { type: 'import.open' }

export type DeleteOutcome = 'deleted' | 'hidden'
/** A copy is not made twice: the user's own list already holding the same prompt says so. */
export type SaveCopyOutcome = 'saved' | 'alreadySaved'

export const EMPTY_CREATE: CreateDraft = { title: '', content: '', type: 'user', isPublic: false }
export const EMPTY_EDIT: EditDraft = {
  id: '',
  title: '',
  content: '',
  type: 'user',
  isPublic: false,
}
