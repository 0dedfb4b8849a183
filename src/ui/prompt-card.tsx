import { css, cx } from 'styled-system/css'
import { isActivePrompt } from '../domain/prompt-search'
import type { LibraryPrompt, LibraryTab } from '../domain/prompt-types'
import { buildShareLink } from '../domain/share-link'
import { useSessionActors } from './app-actors'
import { PromptActivationButton } from './prompt-activation-button'
import { PromptRating } from './prompt-rating'
import { button } from './recipes/button'
import { badge } from './recipes/prompt-badge'
import { textField } from './recipes/prompt-field'

const small = button({ variant: 'outline', size: 'sm' })

/** One prompt in the library. Content is a stranger's text: it is shown as text, never HTML. */
export function PromptCard({
  prompt,
  tab,
  origin,
}: {
  prompt: LibraryPrompt
  tab: LibraryTab
  origin: string
}) {
  const { prompts } = useSessionActors()
  const { library, quickPrompts } = prompts
  const active = isActivePrompt(prompt)
  const link = buildShareLink(origin, prompt)
  return (
    <article
      aria-label={prompt.title}
      className={css({
        borderWidth: '1px',
        borderColor: active ? 'primary' : 'border',
        borderRadius: 'card',
        p: '4',
        display: 'flex',
        flexDirection: 'column',
        gap: '2.5',
        bg: 'bg',
      })}
    >
      <header
        className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}
      >
        <h3 className={css({ fontWeight: 'semibold', mr: 'auto', wordBreak: 'break-word' })}>
          {prompt.title}
        </h3>
        <span className={badge({ tone: prompt.type === 'system' ? 'accent' : 'neutral' })}>
          {prompt.type === 'system' ? 'System' : 'User'}
        </span>
        {prompt.isPublic === '1' && <span className={badge({ tone: 'primary' })}>Public</span>}
        {active && <span className={badge({ tone: 'success' })}>Active</span>}
      </header>
      <div
        className={css({
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '2',
        })}
      >
        <PromptRating
          title={prompt.title}
          average={prompt.averageRating}
          count={prompt.ratingCount}
          readOnly={prompt.isOwn}
          onRate={(rating) => library.send({ type: 'prompt.rate', prompt, rating })}
        />
        <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          by <span data-testid="prompt-author">{prompt.isOwn ? 'You' : 'Anonymous'}</span>
        </span>
      </div>
      <p
        className={css({
          fontSize: 'sm',
          color: 'fg.muted',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          lineClamp: 3,
        })}
      >
        {prompt.content}
      </p>
      <div className={css({ display: 'flex', gap: '2' })}>
        <input
          readOnly
          aria-label={`Share link for ${prompt.title}`}
          value={link}
          className={cx(textField, css({ fontSize: 'xs', py: '1.5' }))}
        />
        <button
          type="button"
          className={small}
          onClick={() => library.send({ type: 'prompt.copyLink', prompt, link })}
        >
          Copy
        </button>
      </div>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        {prompt.type === 'user' && (
          <button
            type="button"
            className={button({ size: 'sm' })}
            onClick={() => library.send({ type: 'prompt.run', prompt })}
          >
            Run
          </button>
        )}
        <PromptActivationButton
          prompt={prompt}
          className={button({ size: 'sm', variant: active ? 'outline' : 'solid' })}
        />
        {!prompt.isOwn && (
          <button
            type="button"
            className={small}
            onClick={() => library.send({ type: 'prompt.saveCopy', prompt })}
          >
            Save
          </button>
        )}
        <button
          type="button"
          className={small}
          onClick={() => quickPrompts.send({ type: 'quick.add', prompt })}
        >
          Add to Quick Menu
        </button>
        {tab === 'mine' && prompt.isOwn && (
          <button
            type="button"
            className={small}
            onClick={() => library.send({ type: 'prompt.edit', prompt })}
          >
            Edit
          </button>
        )}
        <button
          type="button"
          className={cx(small, css({ color: 'danger' }))}
          onClick={() => library.send({ type: 'prompt.delete', prompt })}
        >
          {prompt.isOwn ? 'Delete' : 'Hide'}
        </button>
      </div>
    </article>
  )
}
