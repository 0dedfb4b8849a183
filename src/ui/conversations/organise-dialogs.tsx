import { BackupDialog } from './backup-dialog'
import { ConversationMoreDialog } from './conversation-more-dialog'
import { DeleteFolderDialog } from './delete-folder-dialog'
import { ShareDialog } from './share-dialog'

/** The organiser's dialogs, whose code loads with the folders. */
export function OrganiseDialogs() {
  return (
    <>
      <ConversationMoreDialog />
      <DeleteFolderDialog />
      <BackupDialog />
      <ShareDialog />
    </>
  )
}
