import type { AppMigration } from '../../contract/app-schema'
import { accountStyles } from './account-styles'
import { appTables } from './app-tables'
import { chatAttachments } from './chat-attachments'
import { conversationFolders } from './conversation-folders'
import { conversationImport } from './conversation-import'
import { conversationTree } from './conversation-tree'
import { conversations } from './conversations'
import { failedTurns } from './failed-turns'
import { folderLimit } from './folder-limit'
import { messageAttachments } from './message-attachments'
import { modelImageInput } from './model-image-input'
import { modelServers } from './model-servers'
import { oneActiveSystemPrompt } from './one-active-system-prompt'
import { ownerScopedIds } from './owner-scoped-ids'
import { promptMarks } from './prompt-marks'
import { promptRanking } from './prompt-ranking'
import { quickPromptOrder } from './quick-prompt-order'
import { realtimeChanges } from './realtime-changes'
import { replyStatusAndUsage } from './reply-status-and-usage'
import { sealedApiKeys } from './sealed-api-keys'
import { sealsBoundToTheirRow } from './seals-bound-to-their-row'
import { searchEverything } from './search-everything'
import { searchVectors } from './search-vectors'
import { sharedConversations } from './shared-conversations'
import { streamingReplies } from './streaming-replies'

/** The app's schema changes, in order. Add new ones at the end, with the next version. */
export const appMigrations: AppMigration[] = [
  appTables,
  sealedApiKeys,
  oneActiveSystemPrompt,
  replyStatusAndUsage,
  conversations,
  modelServers,
  ownerScopedIds,
  sealsBoundToTheirRow,
  streamingReplies,
  conversationTree,
  failedTurns,
  searchEverything,
  conversationFolders,
  folderLimit,
  promptMarks,
  quickPromptOrder,
  conversationImport,
  sharedConversations,
  promptRanking,
  searchVectors,
  chatAttachments,
  modelImageInput,
  messageAttachments,
  realtimeChanges,
  accountStyles,
]
