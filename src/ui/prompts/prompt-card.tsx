import { useSelector } from '@xstate/react'
import { useId } from 'react'
import { cx } from 'styled-system/css'
import { isActivePrompt } from '../../domain/prompt-facts'
import type { LibraryPrompt, LibraryTab } from '../../domain/prompt-types'
import { buildShareLink } from '../../domain/share-link-builder'
import { button } from '../shell/button.recipe'
import { field } from '../shell/field.recipe'
import { PromptActivationButton } from './prompt-activation-button'
import { badge } from './prompt-badge.recipe'
import { promptCard } from './prompt-card.recipe'
import { promptField } from './prompt-field.recipe'
import { FavouriteButton, PromptTags } from './prompt-marks'
import { PromptRating } from './prompt-rating'
import { useLibrary, useQuickPrompts } from './use-extras'

const small = button({ variant: 'outline', size: 'sm' })
const danger = button({ variant: 'outline', size: 'sm', tone: 'danger' })
const shareLink = cx(field(), promptField({ size: 'sm' }).input)

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
  const quickPrompts = useQuickPrompts()
  const library = useLibrary()
  // Another user's public prompt carries its author's flag, which says nothing about this user.
  const active = prompt.isOwn && isActivePrompt(prompt)
  // Add to Quick Menu stays a button (a second click says it is there already); the badge
  // says so before the click: as the list was read, or added since.
  const addedSince = useSelector(quickPrompts, (s) =>
    s.context.entries.some((entry) => entry.prompt.id === prompt.id),
  )
  const inQuickMenu = prompt.inQuickMenu || addedSince
  const link = buildShareLink(origin, prompt)
  // Every card's buttons have the same names ("Copy", "Run"): the title, as their description,
  // tells them apart (docs/product/screens.md, "Prompt library").
  const titleId = useId()
  const styles = promptCard({ active })
  return (
    <article aria-label={prompt.title} className={styles.root}>
      <header className={styles.header}>
        <FavouriteButton prompt={prompt} describedBy={titleId} />
        <h3 id={titleId} className={styles.title}>
          {prompt.title}
        </h3>
        <span className={badge({ tone: prompt.type === 'system' ? 'accent' : 'neutral' })}>
          {prompt.type === 'system' ? 'System' : 'User'}
        </span>
        {prompt.isPublic === '1' && <span className={badge({ tone: 'primary' })}>Public</span>}
        {active && <span className={badge({ tone: 'success' })}>Active</span>}
        {inQuickMenu && <span className={badge({ tone: 'neutral' })}>In Quick Menu</span>}
      </header>
      <div className={styles.meta}>
        <PromptRating
          title={prompt.title}
          average={prompt.averageRating}
          count={prompt.ratingCount}
          readOnly={prompt.isOwn}
          onRate={(rating) => library.send({ type: 'prompt.rate', prompt, rating })}
        />
        <span className={styles.author}>
          by <span data-testid="prompt-author">{prompt.isOwn ? 'You' : 'Anonymous'}</span>
        </span>
      </div>
      <p className={styles.content}>{prompt.content}</p>
      <PromptTags prompt={prompt} />
      <div className={styles.share}>
        <input
          readOnly
          aria-label={`Share link for ${prompt.title}`}
          value={link}
          className={shareLink}
        />
        <button
          type="button"
          aria-describedby={titleId}
          className={small}
          onClick={() => library.send({ type: 'prompt.copyLink', prompt, link })}
        >
          Copy
        </button>
      </div>
      <div className={styles.actions}>
        {prompt.type === 'user' && (
          <button
            type="button"
            aria-describedby={titleId}
            className={button({ size: 'sm' })}
            onClick={() => library.send({ type: 'prompt.run', prompt })}
          >
            Run
          </button>
        )}
        <PromptActivationButton
          prompt={prompt}
          describedBy={titleId}
          className={button({ size: 'sm', variant: active ? 'outline' : 'solid' })}
        />
        {!prompt.isOwn && (
          <button
            type="button"
            aria-describedby={titleId}
            className={small}
            onClick={() => library.send({ type: 'prompt.saveCopy', prompt })}
          >
            Save
          </button>
        )}
        <button
          type="button"
          aria-describedby={titleId}
          className={small}
          onClick={() => quickPrompts.send({ type: 'quick.add', prompt })}
        >
          Add to Quick Menu
        </button>
        {tab === 'mine' && prompt.isOwn && (
          <button
            type="button"
            aria-describedby={titleId}
            className={small}
            onClick={() => library.send({ type: 'prompt.edit', prompt })}
          >
            Edit
          </button>
        )}
        {prompt.isHidden ? (
          <button
            type="button"
            aria-describedby={titleId}
            className={small}
            onClick={() => library.send({ type: 'prompt.unhide', prompt })}
          >
            Unhide
          </button>
        ) : (
          <button
            type="button"
            aria-describedby={titleId}
            className={danger}
            onClick={() => library.send({ type: 'prompt.delete', prompt })}
          >
            {prompt.isOwn ? 'Delete' : 'Hide'}
          </button>
        )}
      </div>
    </article>
  )
}
