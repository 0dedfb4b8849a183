import { useSelector } from '@xstate/react'
import { useAppActors } from '../shell/app-actors'
import { button } from '../shell/button.recipe'
import { badge } from './prompt-badge.recipe'
import { sharedPromptBanner } from './shared-prompt.recipe'

const styles = sharedPromptBanner()

/** Signed in with a shared prompt in the address: add it to the library or dismiss it. */
export function SharedPromptBanner() {
  const { sharedPrompt } = useAppActors()
  const prompt = useSelector(sharedPrompt, (s) => (s.hasTag('pending') ? s.context.prompt : null))
  const busy = useSelector(sharedPrompt, (s) => s.hasTag('busy'))
  if (!prompt) return null
  return (
    <section aria-label="Shared prompt" className={styles.root}>
      <div className={styles.text}>
        <p className={styles.question}>Add shared prompt to your library?</p>
        <p className={styles.line}>
          <span className={styles.title}>{prompt.title}</span>
          <span className={badge({ tone: prompt.type === 'system' ? 'accent' : 'neutral' })}>
            {prompt.type === 'system' ? 'System' : 'User'}
          </span>
        </p>
      </div>
      <button
        type="button"
        className={button({ variant: 'outline', size: 'sm' })}
        disabled={busy}
        onClick={() => sharedPrompt.send({ type: 'shared.dismiss' })}
      >
        Dismiss
      </button>
      <button
        type="button"
        className={button({ size: 'sm' })}
        disabled={busy}
        onClick={() => sharedPrompt.send({ type: 'shared.add' })}
      >
        Add to Library
      </button>
    </section>
  )
}
