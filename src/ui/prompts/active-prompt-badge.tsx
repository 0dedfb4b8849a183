import { useSelector } from '@xstate/react'
import { useSessionActors } from '../shell/app-actors'
import { badge } from './prompt-badge.recipe'

/** 'Active: {title}' in the header while a system prompt is active (docs/product/screens.md#signed-in). */
export function ActivePromptBadge() {
  const { activation } = useSessionActors().prompts
  const title = useSelector(activation, (s) => s.context.active?.title ?? null)
  if (title === null) return null
  return (
    <span
      data-testid="active-prompt-badge"
      title={title}
      className={badge({ tone: 'success', truncate: true })}
    >
      Active: {title}
    </span>
  )
}
