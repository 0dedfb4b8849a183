import { useSelector } from '@xstate/react'
import { useSessionActors } from '../shell/app-actors'
import { AppDialog } from '../shell/app-dialog'
import { button } from '../shell/button.recipe'

/** Asks before a conversation and its messages are deleted; open while the machine asks. */
export function DeleteConversationDialog() {
  const { conversations } = useSessionActors()
  const open = useSelector(conversations, (s) => s.hasTag('confirmingDelete'))
  const title = useSelector(conversations, (s) => s.context.pendingDelete?.title ?? '')
  const cancel = () => conversations.send({ type: 'conversation.deleteCancelled' })
  return (
    <AppDialog
      open={open}
      onClose={cancel}
      title="Delete conversation?"
      description={`“${title}” and all its messages will be deleted. This cannot be undone.`}
      footer={
        <>
          <button type="button" className={button({ variant: 'outline' })} onClick={cancel}>
            Cancel
          </button>
          <button
            type="button"
            className={button({ variant: 'outline', tone: 'danger' })}
            onClick={() => conversations.send({ type: 'conversation.deleteConfirmed' })}
          >
            Delete
          </button>
        </>
      }
    >
      {null}
    </AppDialog>
  )
}
