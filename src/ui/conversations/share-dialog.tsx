import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { cx } from 'styled-system/css'
import type { ActorRefFrom } from 'xstate'
import type { ConversationShare } from '../../domain/shared-conversation'
import type { conversationShareMachine } from '../../machines/conversation-share.machine'
import { useSessionActors } from '../shell/app-actors'
import { AppDialog } from '../shell/app-dialog'
import { button } from '../shell/button.recipe'
import { CopyIcon, TrashIcon } from '../shell/session-icons'
import { organiseDialogs } from './organise-dialogs.recipe'
import { shareDialog } from './share-dialog.recipe'

type ShareRef = ActorRefFrom<typeof conversationShareMachine>

const styles = organiseDialogs()
const links = shareDialog()

const made = (share: ConversationShare) =>
  new Date(share.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`

/**
 * A conversation's Share dialog: open while the organiser runs its machine
 * (conversation-share.machine.ts). Mounted closed beforehand, as the More dialog it replaces
 * is: a dialog mounted open while another closes would be dismissed with it.
 */
export function ShareDialog() {
  const { organise } = useSessionActors()
  const share = useSelector(organise, (s) => s?.children.share as ShareRef | undefined)
  // The last one, so that the dialog keeps its text while it closes.
  const [shown, setShown] = useState(share)
  if (share && share !== shown) setShown(share)
  return (
    <AppDialog
      open={share !== undefined}
      onClose={() => share?.send({ type: 'share.close' })}
      title={shown ? `Share “${shown.getSnapshot().context.conversation.title}”` : 'Share'}
      description="Anyone with a link can read this conversation as it is now, without signing in. What is said in it later is not shared."
      closeLabel="Close"
      footer={shown && <CreateButton share={shown} />}
    >
      {shown && <Links share={shown} />}
    </AppDialog>
  )
}

function CreateButton({ share }: { share: ShareRef }) {
  const busy = useSelector(share, (s) => s.hasTag('busy'))
  const creating = useSelector(share, (s) => s.matches('creating'))
  return (
    <button
      type="button"
      className={button()}
      disabled={busy}
      onClick={() => share.send({ type: 'share.create' })}
    >
      {creating ? 'Creating link…' : 'Create link'}
    </button>
  )
}

function Links({ share }: { share: ShareRef }) {
  const state = useSelector(share, (s) => s)
  const busy = state.hasTag('busy')
  const { shares, error } = state.context
  return (
    <section aria-labelledby="share-links" className={styles.section}>
      <h3 id="share-links" className={styles.heading}>
        Links to this conversation
      </h3>
      {error && (
        <p role="alert" className={styles.note}>
          {error}{' '}
          <button
            type="button"
            className={cx(button({ variant: 'outline' }), links.retry)}
            onClick={() => share.send({ type: 'share.retry' })}
          >
            Try again
          </button>
        </p>
      )}
      {shares?.length === 0 && <p className={styles.note}>No links yet.</p>}
      {shares && shares.length > 0 && (
        <ul aria-label="Share links" className={links.list}>
          {shares.map((link) => (
            <li
              key={link.id}
              aria-label={`Link made ${made(link)}`}
              className={links.item}
              data-new={link.id === state.context.made ? '' : undefined}
            >
              <span className={links.facts}>
                <span className={links.when}>
                  {link.id === state.context.made ? 'New link · ' : ''}
                  {made(link)}
                </span>
                <span className={links.count}>
                  {plural(link.messageCount, 'message', 'messages')}
                </span>
              </span>
              <span className={links.actions}>
                <button
                  type="button"
                  className={cx(button({ variant: 'outline' }), links.action)}
                  onClick={() => share.send({ type: 'share.copy', id: link.id })}
                >
                  <CopyIcon width={14} height={14} />
                  Copy link
                </button>
                <button
                  type="button"
                  className={cx(button({ variant: 'outline' }), links.action)}
                  disabled={busy}
                  onClick={() => share.send({ type: 'share.revoke', id: link.id })}
                >
                  <TrashIcon width={14} height={14} />
                  Revoke
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
