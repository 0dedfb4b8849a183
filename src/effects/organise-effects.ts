import { fromPromise } from 'xstate'
import type { Conversation } from '../domain/conversation'
import { type ConversationFolder, FOLDERS_MAX, folderId } from '../domain/conversation-folder'
import type { Notice } from '../machines/notice'
import { organiseMachine } from '../machines/organise.machine'
import type { PlatformClient } from '../platform/index'
import { exportConversation } from './conversation-export'
import { type SavedFile, saveByLink } from './download-link'
import { showToast } from './notify'

export interface OrganiseEffectsOptions {
  platform: PlatformClient
  /** The signed-in user's id; throws when nobody is. */
  currentUserId: () => string
  notify?: (notice: Notice) => void
  /** Hands a file to the browser as a download; a clicked `download` link by default. */
  saveFile?: (file: SavedFile) => void
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

  return organiseMachine.provide({
    actors: {
      // No activity: the conversation keeps its place by time.
      'change conversation': fromPromise(({ input }) =>
        conversations.update(input.conversation.id, {
          ...input.change,
          updatedAt: input.conversation.updatedAt,
        }),
      ),
      'load folders': fromPromise(() =>
        folders.list({
          where: { userId: currentUserId() },
          orderBy: [{ name: 'asc' }, { id: 'asc' }],
          limit: FOLDERS_MAX,
        }),
      ),
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
      'delete folder': fromPromise(({ input }) =>
        platform.db.sql<Conversation>('select * from delete_conversation_folder($1, $2)', [
          input.id,
          input.moveTo,
        ]),
      ),
    },
    actions: { notify },
  })
}
