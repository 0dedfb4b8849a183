import { useSelector } from '@xstate/react'
import { versionOf } from '../../domain/versions'
import { turnIn } from '../../machines/turn-state'
import { useSessionActors } from '../shell/app-actors'
import { button } from '../shell/button.recipe'
import { versionSwitcher } from './version-switcher.recipe'

const styles = versionSwitcher()
const arrow = button({ variant: 'ghost', size: 'sm' })

/**
 * `‹ 2 / 3 ›` under a message that has other versions (docs/product/conversations.md#branches):
 * each arrow shows the version beside this one, with the branch that follows it.
 */
export function VersionSwitcher({
  messageId,
  versions,
}: {
  messageId: string
  versions: readonly string[]
}) {
  const { openConversation, turn } = useSessionActors()
  // While a reply arrives in this conversation, the branch on screen stays.
  const openId = useSelector(openConversation, (s) => s.context.conversationId)
  const disabled = useSelector(turn, (s) => s.hasTag('busy') && turnIn(s.context, openId))
  const onShow = (id: string) => openConversation.send({ type: 'branch.show', messageId: id })
  const version = versionOf({ [messageId]: versions }, messageId)
  if (!version) return null
  const { previous, next } = version
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two buttons and a count, not a form's fieldset
    <span role="group" aria-label="Versions" className={styles.root}>
      <button
        type="button"
        className={arrow}
        aria-label="Previous version"
        disabled={disabled || previous === null}
        onClick={() => previous && onShow(previous)}
      >
        ‹
      </button>
      <span className={styles.count}>
        {version.position} / {version.count}
      </span>
      <button
        type="button"
        className={arrow}
        aria-label="Next version"
        disabled={disabled || next === null}
        onClick={() => next && onShow(next)}
      >
        ›
      </button>
    </span>
  )
}
