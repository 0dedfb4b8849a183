import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'
import { PromptRating } from '../../src/ui/prompts/prompt-rating'

// The stars on a prompt card (docs/product/screens.md, "Prompt Library").
function renderRating(average: number, readOnly = false) {
  const onRate = vi.fn()
  const view = render(
    <PromptRating title="Haiku" average={average} count={1} readOnly={readOnly} onRate={onRate} />,
  )
  const rerender = (next: number) =>
    view.rerender(
      <PromptRating title="Haiku" average={next} count={1} readOnly={readOnly} onRate={onRate} />,
    )
  return { onRate, rerender }
}

const star = (name: string) => screen.getByRole('radio', { name })

describe('PromptRating', () => {
  test('each click rates with the star clicked, also right after the rating shown changed', async () => {
    const { onRate, rerender } = renderRating(0)
    const group = screen.getByRole('radiogroup', { name: 'Rate Haiku' })
    expect(group).toBeInTheDocument()
    await userEvent.click(star('3 stars'))
    rerender(3)
    await userEvent.click(star('1 star'))
    rerender(1)
    await userEvent.click(star('4 stars'))
    await userEvent.click(star('2 stars'))
    expect(onRate.mock.calls.map(([stars]) => stars)).toEqual([3, 1, 4, 2])
  })

  test('shows the rounded average as the checked star, and the count', () => {
    renderRating(3.6)
    expect(star('4 stars')).toHaveAttribute('aria-checked', 'true')
    expect(star('3 stars')).toHaveAttribute('aria-checked', 'false')
    expect(screen.getByTestId('rating-summary')).toHaveTextContent('3.6 (1)')
  })

  test('the keyboard moves along the stars and rates with the one reached, as radios do', async () => {
    const { onRate } = renderRating(2)
    // One tab stop: the checked star.
    await userEvent.tab()
    expect(star('2 stars')).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    expect(star('3 stars')).toHaveFocus()
    await userEvent.keyboard('{End}')
    expect(star('5 stars')).toHaveFocus()
    // Already at the last star: nothing more to rate.
    await userEvent.keyboard('{ArrowRight}')
    await userEvent.keyboard('{Home}')
    await userEvent.keyboard('{ArrowLeft}')
    await userEvent.keyboard(' ')
    expect(onRate.mock.calls.map(([stars]) => stars)).toEqual([3, 5, 1, 1])
  })

  test("one's own prompt shows its stars read-only: neither a click nor a key rates it", async () => {
    const { onRate } = renderRating(4, true)
    expect(screen.getByRole('radiogroup', { name: 'Rate Haiku' })).toHaveAttribute(
      'aria-readonly',
      'true',
    )
    await userEvent.click(star('2 stars'))
    await userEvent.tab()
    expect(star('4 stars')).not.toHaveFocus()
    expect(onRate).not.toHaveBeenCalled()
  })
})
