import { fromPromise } from 'xstate'
import type { Conversation } from '../domain/conversation'
import { type ConversationFolder, FOLDERS_MAX, folderId } from '../domain/conversation-folder'
import { shareLink } from '../domain/shared-conversation'
import { conversationBackupMachine } from '../machines/conversation-backup.machine'
import { conversationShareMachine } from '../machines/conversation-share.machine'
import type { Notice } from '../machines/notice'
import { organiseMachine } from '../machines/organise.machine'
import type { KeyValueStorage, PlatformClient } from '../platform/index'
import { exportConversation } from './conversation-export'
import { listShares, revokeShare, shareConversation } from './conversation-shares'
import { type SavedFile, saveByLink } from './download-link'
import { showToast } from './notify'

export interface OrganiseEffectsOptions {
  platform: PlatformClient
  /** This browser's storage: which folders the user closed. */
  storage: KeyValueStorage
  /** The signed-in user's id; throws when nobody is. */
  currentUserId: () => string
  notify?: (notice: Notice) => void
  /** Hands a file to the browser as a download; a clicked `download` link by default. */
  saveFile?: (file: SavedFile) => void
  /** Puts text on the clipboard; the browser's clipboard by default. */
  copyText?: (text: string) => Promise<void>
  /** The app's address, which share links start with; this page's origin by default. */
  origin?: string
}

/**
 * Pins and moves on the SDK's `conversations` table, and the user's folders on its
 * `conversation_folders` table, owner-only by row-level security. Deleting a folder is the database's `delete_conversation_folder`, which moves
 * its conversations and deletes it in one call (db/migrations/conversation-folders.ts).
 */
export function provideOrganise(options: OrganiseEffectsOptions) {
  const { platform, currentUserId } = options
  const folders = platform.db.table<ConversationFolder>('conversationFolders')
  const conversations = platform.db.table<Conversation>('conversations')
  const notify = (_: unknown, notice: Notice) => (options.notify ?? showToast)(notice)
  // The backup's file format loads when it is first used (docs/performance.md, "Split").
  const backups = () => import('./conversation-backup')

  return organiseMachine.provide({
    actors: {
      // No activity: the conversation keeps its place by time.
      'change conversation': fromPromise(({ input }) =>
        conversations.update(input.conversation.id, {
          ...input.change,
          updatedAt: input.conversation.updatedAt,
        }),
      ),
      'load folders': fromPromise(async () => ({
        folders: await folders.list({
          where: { userId: currentUserId() },
          orderBy: [{ name: 'asc' }, { id: 'asc' }],
          limit: FOLDERS_MAX,
        }),
        closed: recallClosed(options.storage, currentUserId()),
      })),
      'create folder': fromPromise(({ input }) =>
        folders.create({ id: folderId(Date.now()), userId: currentUserId(), name: input.name }),
      ),
      'rename folder': fromPromise(({ input }) =>
        folders.update(input.folder.id, { name: input.name }),
      ),
      'export conversation': fromPromise(async ({ input }) =>
        (options.saveFile ?? saveByLink)(
          await exportConversation(platform.db, input.conversation, input.format, new Date()),
        ),
      ),
      backup: conversationBackupMachine.provide({
        actors: {
          'back up': fromPromise(async () =>
            (await backups()).backUpConversations(
              platform.db,
              currentUserId(),
              options.saveFile ?? saveByLink,
              new Date(),
            ),
          ),
          'read backup': fromPromise(async ({ input }) =>
            (await backups()).readBackupFile(input.file),
          ),
          'restore backup': fromPromise(async ({ input }) =>
            (await backups()).restoreAndList(platform.db, currentUserId(), input.backup),
          ),
        },
        actions: { notify },
      }),
      share: conversationShareMachine.provide({
        actors: {
          'list shares': fromPromise(({ input }) => listShares(platform.db, input.conversationId)),
          'create share': fromPromise(({ input }) =>
            shareConversation(platform.db, input.conversationId),
          ),
          'copy link': fromPromise(({ input }) =>
            (options.copyText ?? ((text) => navigator.clipboard.writeText(text)))(
              shareLink(options.origin ?? window.location.origin, input.id),
            ),
          ),
          'revoke share': fromPromise(({ input }) => revokeShare(platform.db, input.id)),
        },
        actions: { notify },
      }),
      'delete folder': fromPromise(({ input }) =>
        platform.db.sql<Conversation>('select * from delete_conversation_folder($1, $2)', [
          input.id,
          input.moveTo,
        ]),
      ),
    },
    actions: {
      notify,
      'remember closed': (_, { closed }) =>
        rememberClosed(options.storage, currentUserId(), closed),
    },
  })
}

// Closed folders are this browser's view, one entry per user (docs/product/conversations.md#pins-and-folders).
const closedKey = (userId: string) => `closedFolders:${userId}`

function recallClosed(storage: KeyValueStorage, userId: string): string[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(closedKey(userId)) ?? '[]')
    return Array.isArray(stored) ? stored.filter((id) => typeof id === 'string') : []
  } catch {
    return [] // unreadable or refused: every folder starts open
  }
}

function rememberClosed(storage: KeyValueStorage, userId: string, closed: string[]): void {
  try {
    if (closed.length === 0) storage.removeItem(closedKey(userId))
    else storage.setItem(closedKey(userId), JSON.stringify(closed))
  } catch {
    // A full or refused storage: the folder still closes, for this visit.
  }
}
