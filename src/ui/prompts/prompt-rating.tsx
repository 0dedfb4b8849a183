import type { KeyboardEvent } from 'react'
import { StarIcon } from '../shell/dialog-icons'
import { promptRating } from './prompt-card.recipe'

const STARS = [1, 2, 3, 4, 5]
/** Keys that move along the stars, as in any radio group, and how far. */
const STEPS: Record<string, number> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }

/**
 * Average stars with the count; others' prompts take a whole-star rating (1 to 5): a radio
 * group of five stars (docs/product/screens.md, "Prompt Library"). A click rates with the star
 * clicked; the arrow keys, Home and End move along the stars and rate with the one reached,
 * as radios do. Our own rather than Ark's rating group, which took the value from its hover
 * state: after the list was read again, that state lagged one click behind, so a click
 * saved the star clicked before it.
 */
export function PromptRating({
  title,
  average,
  count,
  readOnly,
  onRate,
}: {
  title: string
  average: number
  count: number
  readOnly: boolean
  onRate: (stars: number) => void
}) {
  const styles = promptRating({ readOnly })
  const value = Math.round(average)
  // The one star in the tab order: the rating shown, or the first.
  const tabStop = value >= 1 ? value : 1
  const onKeyDown = (event: KeyboardEvent<HTMLElement>, star: number) => {
    const step = STEPS[event.key]
    const next =
      event.key === 'Home' ? 1 : event.key === 'End' ? 5 : step ? star + step : Number.NaN
    if (Number.isNaN(next)) return
    event.preventDefault()
    const reached = Math.min(5, Math.max(1, next))
    const group = event.currentTarget.parentElement
    group?.querySelector<HTMLElement>(`[data-star="${reached}"]`)?.focus()
    if (reached !== star) onRate(reached)
  }
  return (
    <div className={styles.root}>
      <div
        role="radiogroup"
        aria-label={`Rate ${title}`}
        aria-readonly={readOnly || undefined}
        className={styles.control}
      >
        {STARS.map((star) => (
          // biome-ignore lint/a11y/useSemanticElements: a star drawn as the control itself (a hidden native radio cannot be clicked where the star is), with the radio's role, state and keys
          <span
            key={star}
            role="radio"
            data-star={star}
            aria-checked={star === value}
            aria-label={`${star} star${star === 1 ? '' : 's'}`}
            tabIndex={readOnly ? undefined : star === tabStop ? 0 : -1}
            data-highlighted={star <= value ? '' : undefined}
            className={styles.item}
            onClick={readOnly ? undefined : () => onRate(star)}
            onKeyDown={
              readOnly
                ? undefined
                : (event) => {
                    if (event.key === ' ' || event.key === 'Enter') {
                      event.preventDefault()
                      onRate(star)
                    } else onKeyDown(event, star)
                  }
            }
          >
            <StarIcon width={15} height={15} />
          </span>
        ))}
      </div>
      <span className={styles.summary} data-testid="rating-summary">
        {average.toFixed(1)} ({count})
      </span>
    </div>
  )
}
