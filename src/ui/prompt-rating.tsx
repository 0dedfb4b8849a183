import { RatingGroup } from '@ark-ui/react/rating-group'
import { css } from 'styled-system/css'
import { StarIcon } from './icons'

/** Average stars with the count; others' prompts take a whole-star rating (1 to 5). */
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
  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
      <RatingGroup.Root
        count={5}
        value={Math.round(average)}
        readOnly={readOnly}
        onValueChange={({ value }) => onRate(value)}
        aria-label={`Rate ${title}`}
      >
        <RatingGroup.Control className={css({ display: 'flex', gap: '0.5' })}>
          <RatingGroup.Context>
            {({ items }) =>
              items.map((item) => (
                <RatingGroup.Item
                  key={item}
                  index={item}
                  aria-label={`${item} star${item === 1 ? '' : 's'}`}
                  className={css({
                    color: 'fg.muted',
                    cursor: readOnly ? 'default' : 'pointer',
                    '&[data-highlighted]': { color: 'accent' },
                  })}
                >
                  <RatingGroup.ItemContext>
                    {({ highlighted }) => (
                      <StarIcon
                        width={15}
                        height={15}
                        fill={highlighted ? 'currentColor' : 'none'}
                      />
                    )}
                  </RatingGroup.ItemContext>
                </RatingGroup.Item>
              ))
            }
          </RatingGroup.Context>
        </RatingGroup.Control>
        <RatingGroup.HiddenInput />
      </RatingGroup.Root>
      <span className={css({ fontSize: 'xs', color: 'fg.muted' })} data-testid="rating-summary">
        {average.toFixed(1)} ({count})
      </span>
    </div>
  )
}
