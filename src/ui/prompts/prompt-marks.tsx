import type { KeyboardEvent } from 'react'
import { withTag } from '../../domain/prompt-marks'
import type { LibraryPrompt } from '../../domain/prompt-types'
import { CloseIcon, StarIcon } from '../shell/dialog-icons'
import { promptMarks } from './prompt-marks.recipe'
import { useLibrary } from './use-extras'

const styles = promptMarks()

/**
 * A card's star (docs/product/screens.md#favourites-and-tags): the user's own favourite, on
 * any prompt they can read. Its name stays; `aria-pressed` says whether it is on.
 */
export function FavouriteButton({
  prompt,
  describedBy,
}: {
  prompt: LibraryPrompt
  describedBy: string
}) {
  const library = useLibrary()
  const on = prompt.favourite === true
  return (
    <button
      type="button"
      aria-label="Favourite"
      aria-pressed={on}
      aria-describedby={describedBy}
      title={on ? 'Remove from favourites' : 'Add to favourites'}
      className={styles.star}
      onClick={() => library.send({ type: 'prompt.favourite.toggle', prompt })}
    >
      <StarIcon width={18} height={18} />
    </button>
  )
}

/**
 * A card's tags: each a chip that filters the library by it, with its own remove button, and
 * a field that adds what is typed on Enter (or a comma). The field keeps its text when the
 * tag is refused, so nothing typed is lost.
 */
export function PromptTags({ prompt }: { prompt: LibraryPrompt }) {
  const library = useLibrary()
  const tags = prompt.tags ?? []
  const add = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' && event.key !== ',') return
    event.preventDefault()
    const input = event.currentTarget
    library.send({ type: 'prompt.tag.add', prompt, text: input.value })
    if (withTag(tags, input.value).ok) input.value = ''
  }
  return (
    <ul aria-label={`Tags of ${prompt.title}`} className={styles.tags}>
      {tags.map((tag) => (
        <li key={tag} className={styles.chip}>
          <button
            type="button"
            title={`Show prompts tagged ${tag}`}
            className={styles.chipLabel}
            onClick={() => library.send({ type: 'library.filter.tag', tag })}
          >
            #{tag}
          </button>
          <button
            type="button"
            aria-label={`Remove tag ${tag}`}
            className={styles.chipRemove}
            onClick={() => library.send({ type: 'prompt.tag.remove', prompt, tag })}
          >
            <CloseIcon width={12} height={12} />
          </button>
        </li>
      ))}
      <li className={styles.addItem}>
        <input
          type="text"
          aria-label={`Add a tag to ${prompt.title}`}
          placeholder="+ Tag"
          enterKeyHint="done"
          maxLength={64}
          className={styles.add}
          onKeyDown={add}
        />
      </li>
    </ul>
  )
}
