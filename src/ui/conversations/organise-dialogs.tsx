import { ConversationMoreDialog } from './conversation-more-dialog'
import { DeleteFolderDialog } from './delete-folder-dialog'

/** The organiser's two dialogs, whose code loads together the first time either opens. */
export function OrganiseDialogs() {
  return (
    <>
      <ConversationMoreDialog />
      <DeleteFolderDialog />
    </>
  )
}
