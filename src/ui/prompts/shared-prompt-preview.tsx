import { useSelector } from '@xstate/react'
import { useAppActors } from '../shell/app-actors'
import { sharedPromptPreview } from './shared-prompt-preview.recipe'

const styles = sharedPromptPreview()

/** Signed out with a shared prompt in the address: its title and two lines of content. */
export function SharedPromptPreview() {
  const { sharedPrompt } = useAppActors()
  const prompt = useSelector(sharedPrompt, (s) => (s.hasTag('pending') ? s.context.prompt : null))
  if (!prompt) return null
  return (
    <aside aria-label="Shared prompt" className={styles.root}>
      <p className={styles.label}>Shared prompt</p>
      <p className={styles.title}>{prompt.title}</p>
      <p className={styles.content}>{prompt.content}</p>
    </aside>
  )
}

/** The sign-in button's label: it says what signing in is for. */
export function useSignInLabel(): string {
  const { sharedPrompt } = useAppActors()
  const pending = useSelector(sharedPrompt, (s) => s.hasTag('pending'))
  return pending ? 'Sign In to Add Prompt' : 'Sign In to Continue'
}
