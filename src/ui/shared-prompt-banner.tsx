import { useSelector } from '@xstate/react'
import { css } from 'styled-system/css'
import { useAppActors } from './app-actors'
import { button } from './recipes/button'
import { badge } from './recipes/prompt-badge'

/** Signed in with a shared prompt in the address: add it to the library or dismiss it. */
export function SharedPromptBanner() {
  const { sharedPrompt } = useAppActors()
  const prompt = useSelector(sharedPrompt, (s) => (s.hasTag('pending') ? s.context.prompt : null))
  const busy = useSelector(sharedPrompt, (s) => s.hasTag('busy'))
  if (!prompt) return null
  return (
    <section
      aria-label="Shared prompt"
      className={css({
        borderWidth: '1px',
        borderColor: 'primary',
        bg: 'primary.muted',
        borderRadius: 'card',
        p: '4',
        mb: '4',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: '3',
      })}
    >
      <div className={css({ flex: 1, minW: '48' })}>
        <p className={css({ fontWeight: 'semibold' })}>Add shared prompt to your library?</p>
        <p
          className={css({
            fontSize: 'sm',
            display: 'flex',
            gap: '2',
            alignItems: 'center',
            mt: '1',
          })}
        >
          <span className={css({ wordBreak: 'break-word' })}>{prompt.title}</span>
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
