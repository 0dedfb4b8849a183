import { cx } from 'styled-system/css'
import type { Conversation } from '../../domain/conversation'
import { useSessionActors } from '../shell/app-actors'
import { button } from '../shell/button.recipe'
import { conversationList } from './conversations.recipe'
import { MoreIcon } from './organise-icons'

const iconButton = cx(button({ variant: 'ghost', size: 'icon' }), conversationList().action)

/**
 * A row's More button, before its Rename and Delete (docs/product/conversations.md): it opens
 * the conversation's dialog of Pin, Move to folder and Export. One button, so the title keeps
 * its room when the row's buttons show.
 */
export function RowActions({ conversation }: { conversation: Conversation }) {
  const { organise } = useSessionActors()
  return (
    <button
      type="button"
      aria-label={`More for ${conversation.title}`}
      title="Pin, move, export"
      aria-haspopup="dialog"
      className={iconButton}
      onClick={() => organise?.send({ type: 'move.start', conversation })}
    >
      <MoreIcon />
    </button>
  )
}
