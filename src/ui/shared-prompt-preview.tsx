import { useSelector } from '@xstate/react'
import { css } from 'styled-system/css'
import { useAppActors } from './app-actors'

/** Signed out with a shared prompt in the address: its title and two lines of content. */
export function SharedPromptPreview() {
  const { sharedPrompt } = useAppActors()
  const prompt = useSelector(sharedPrompt, (s) => (s.hasTag('pending') ? s.context.prompt : null))
  if (!prompt) return null
  return (
    <aside
      aria-label="Shared prompt"
      className={css({
        textAlign: 'left',
        borderWidth: '1px',
        borderColor: 'border',
        borderRadius: 'card',
        bg: 'bg',
        p: '4',
        mb: '6',
      })}
    >
      <p className={css({ fontSize: 'xs', color: 'fg.muted', mb: '1' })}>Shared prompt</p>
      <p className={css({ fontWeight: 'semibold', wordBreak: 'break-word' })}>{prompt.title}</p>
      <p
        className={css({
          fontSize: 'sm',
          color: 'fg.muted',
          lineClamp: 2,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
        })}
      >
        {prompt.content}
      </p>
    </aside>
  )
}

/** The sign-in button's label: it says what signing in is for. */
export function useSignInLabel(): string {
  const { sharedPrompt } = useAppActors()
  const pending = useSelector(sharedPrompt, (s) => s.hasTag('pending'))
  return pending ? 'Sign In to Add Prompt' : 'Sign In to Continue'
}
