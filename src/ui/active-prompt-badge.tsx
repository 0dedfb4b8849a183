import { useSelector } from '@xstate/react'
import { css, cx } from 'styled-system/css'
import { useSessionActors } from './app-actors'
import { badge } from './recipes/prompt-badge'

/** 'Active: {title}' in the header while a system prompt is active (docs/product/screens.md#signed-in). */
export function ActivePromptBadge() {
  const { activation } = useSessionActors().prompts
  const title = useSelector(activation, (s) => s.context.active?.title ?? null)
  if (title === null) return null
  return (
    <span
      data-testid="active-prompt-badge"
      title={title}
      className={cx(
        badge({ tone: 'success' }),
        css({ maxW: '48', overflow: 'hidden', textOverflow: 'ellipsis' }),
      )}
    >
      Active: {title}
    </span>
  )
}
