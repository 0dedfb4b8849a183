import { RatingGroup } from '@ark-ui/react/rating-group'
import { StarIcon } from '../shell/dialog-icons'
import { createStyleContext } from '../shell/style-context'
import { promptRating } from './prompt-card.recipe'

const { withProvider, withContext } = createStyleContext(promptRating)
const Rating = {
  Root: withProvider('div', 'root'),
  Control: withContext(RatingGroup.Control, 'control'),
  Item: withContext(RatingGroup.Item, 'item'),
  Summary: withContext('span', 'summary'),
}

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
    <Rating.Root readOnly={readOnly}>
      <RatingGroup.Root
        count={5}
        value={Math.round(average)}
        readOnly={readOnly}
        onValueChange={({ value }) => onRate(value)}
        aria-label={`Rate ${title}`}
      >
        <Rating.Control>
          <RatingGroup.Context>
            {({ items }) =>
              items.map((item) => (
                <Rating.Item
                  key={item}
                  index={item}
                  aria-label={`${item} star${item === 1 ? '' : 's'}`}
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
                </Rating.Item>
              ))
            }
          </RatingGroup.Context>
        </Rating.Control>
        <RatingGroup.HiddenInput />
      </RatingGroup.Root>
      <Rating.Summary data-testid="rating-summary">
        {average.toFixed(1)} ({count})
      </Rating.Summary>
    </Rating.Root>
  )
}
