import type { Conversation } from './conversation'

/** A row of `conversation_folders` (docs/product/data.md): a folder of one user's conversations. */
export interface ConversationFolder {
  id: string
  userId: string
  name: string
  createdAt: string
}

/** A folder name keeps at most this many characters (the database checks it too). */
export const FOLDER_NAME_MAX = 40
/** A user keeps at most this many folders (docs/product/limits.md#conversations). */
export const FOLDERS_MAX = 50

export const FOLDER_NAME_EMPTY_MESSAGE = 'Folder name cannot be empty'
export const FOLDER_NAME_TOO_LONG_MESSAGE = `Folder name must be at most ${FOLDER_NAME_MAX} characters`
export const FOLDER_NAME_TAKEN_MESSAGE = 'You already have a folder with this name'
export const FOLDERS_FULL_MESSAGE = `You can keep at most ${FOLDERS_MAX} folders`

/** A folder the app creates is `folder_{time}`, time in ms since the epoch. */
export function folderId(nowMs: number): string {
  return `folder_${nowMs}`
}

export type FolderNameCheck = { ok: true; name: string } | { ok: false; message: string }

/**
 * A folder name the user typed: trimmed, not empty, at most 40 characters, and not the name of
 * another of their folders whatever its case (`renaming` is the folder being renamed, if any).
 */
export function checkFolderName(
  input: string,
  folders: readonly ConversationFolder[],
  renaming: string | null = null,
): FolderNameCheck {
  const name = input.trim()
  if (!name) return { ok: false, message: FOLDER_NAME_EMPTY_MESSAGE }
  if (Array.from(name).length > FOLDER_NAME_MAX)
    return { ok: false, message: FOLDER_NAME_TOO_LONG_MESSAGE }
  const key = name.toLocaleLowerCase()
  if (folders.some((f) => f.id !== renaming && f.name.toLocaleLowerCase() === key))
    return { ok: false, message: FOLDER_NAME_TAKEN_MESSAGE }
  if (renaming === null && folders.length >= FOLDERS_MAX)
    return { ok: false, message: FOLDERS_FULL_MESSAGE }
  return { ok: true, name }
}

/** Folders as the list shows them: by name, as the user's language sorts it. */
export function byName(a: ConversationFolder, b: ConversationFolder): number {
  return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || (a.id < b.id ? -1 : 1)
}

/** One folder and the conversations in it, by activity. */
export interface FolderSection {
  folder: ConversationFolder
  conversations: Conversation[]
}

/** The list in its sections: pinned first, then each folder, then the rest. */
export interface ConversationSections {
  pinned: Conversation[]
  folders: FolderSection[]
  others: Conversation[]
}

/**
 * Where each conversation shows (docs/product/conversations.md#pins-and-folders): a pinned one
 * at the top, whatever its folder; else in its folder; else with the others. A folder that is
 * not listed (deleted on another device) puts its conversations with the others. Each part
 * keeps the order of `conversations`, which is by activity.
 */
export function sectionsOf(
  conversations: readonly Conversation[],
  folders: readonly ConversationFolder[],
): ConversationSections {
  const byFolder = new Map(folders.map((folder) => [folder.id, [] as Conversation[]]))
  const pinned: Conversation[] = []
  const others: Conversation[] = []
  for (const conversation of conversations) {
    if (conversation.pinned) pinned.push(conversation)
    else (byFolder.get(conversation.folderId ?? '') ?? others).push(conversation)
  }
  return {
    pinned,
    folders: [...folders]
      .sort(byName)
      .map((folder) => ({ folder, conversations: byFolder.get(folder.id) ?? [] })),
    others,
  }
}
