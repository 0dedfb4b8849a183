/** A row of `prompts` as the SDK returns it (docs/product/data.md): flags are the text '1' or '0'. */
export interface PromptRow {
  id: string
  userId: string
  title: string
  content: string
  type: PromptType
  isPublic: string
  isActive: string
  createdAt: string
  updatedAt?: string
}

export type PromptType = 'user' | 'system'

/** A prompt as a card shows it: its row plus who wrote it and how it is rated. */
export interface LibraryPrompt extends PromptRow {
  isOwn: boolean
  averageRating: number
  ratingCount: number
  /** The user hid it: listed only among the hidden prompts, with Unhide. */
  isHidden?: boolean
  /** The user's quick menu held it when the list was read. */
  inQuickMenu?: boolean
  /** The user starred it (docs/product/screens.md#favourites-and-tags). */
  favourite?: boolean
  /** The user's own tags on it, in the order added. */
  tags?: string[]
}

/** The fields a share link carries and a shared prompt needs. */
export interface PromptDraft {
  title: string
  content: string
  type: PromptType
}

/** The active system prompt, as the chat and the parent window see it. */
export interface ActivePrompt {
  id: string
  title: string
  content: string
}

export interface QuickPromptEntry {
  /** The quick_prompts row id (what remove deletes). */
  id: string
  prompt: LibraryPrompt
}

export type LibraryTab = 'public' | 'mine'

/** The library opened on a prompt (a search's result): its tab, searched for its title. */
export interface LibraryFind {
  tab: LibraryTab
  search: string
}

/** What the library lists: a tab, or the prompts the user hid (shown from Browse Public). */
export type LibraryList = LibraryTab | 'hidden'
