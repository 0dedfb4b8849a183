import { isActivePrompt } from '../../domain/prompt-facts'
import type { LibraryPrompt } from '../../domain/prompt-types'
import { useSessionActors } from '../shell/app-actors'

/** Activate or Deactivate one's own system prompt; nothing for other prompts. */
export function PromptActivationButton({
  prompt,
  className,
  describedBy,
}: {
  prompt: LibraryPrompt
  className: string
  /** The id of the prompt's title, which tells this button from the other cards' ones. */
  describedBy?: string
}) {
  const { activation } = useSessionActors().prompts
  if (prompt.type !== 'system' || !prompt.isOwn) return null
  const active = isActivePrompt(prompt)
  return (
    <button
      type="button"
      className={className}
      aria-describedby={describedBy}
      onClick={() =>
        activation.send({ type: 'prompt.toggleActive', prompt: { ...prompt, isActive: active } })
      }
    >
      {active ? 'Deactivate' : 'Activate'}
    </button>
  )
}
