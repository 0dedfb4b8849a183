import { Dialog } from '@ark-ui/react/dialog'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRef } from 'react'
import { describe, expect, test, vi } from 'vitest'
import { AppTooltip } from '../../src/ui/shell/tooltip'

function renderTooltip(onClick = () => {}) {
  render(
    <div data-testid="row">
      <AppTooltip label="Switch to light theme">
        <button type="button" aria-label="Switch to light theme" onClick={onClick}>
          ☀
        </button>
      </AppTooltip>
      <button type="button">Elsewhere</button>
    </div>,
  )
  return screen.getByRole('button', { name: 'Switch to light theme' })
}

const tooltip = () => screen.queryByRole('tooltip', { name: 'Switch to light theme' })

describe('AppTooltip', () => {
  // First in the file: the tooltip's code is not here yet (docs/performance.md, "Split").
  test('a cue before the tooltip’s code has come is kept: keyboard focus shows it once loaded', async () => {
    renderTooltip()
    await userEvent.tab()
    expect(await screen.findByRole('tooltip', { name: 'Switch to light theme' })).toBeVisible()
    await userEvent.tab()
    expect(tooltip()).toBeNull()
  })

  test('hovering shows the label after the open delay; leaving hides it', async () => {
    const trigger = renderTooltip()
    await userEvent.hover(trigger)
    expect(tooltip()).toBeNull()
    expect(
      await screen.findByRole('tooltip', { name: 'Switch to light theme' }),
    ).toBeInTheDocument()
    await userEvent.unhover(trigger)
    await waitFor(() => expect(screen.queryAllByRole('tooltip')).toHaveLength(0))
  })

  test('no wrapper: the trigger stays where it was, the tooltip is its next sibling', async () => {
    const trigger = renderTooltip()
    expect(trigger.parentElement).toBe(screen.getByTestId('row'))
    await userEvent.hover(trigger)
    const tip = await screen.findByRole('tooltip')
    expect(tip.previousElementSibling).toBe(trigger)
    expect(tip.parentElement).toBe(screen.getByTestId('row'))
  })

  test('Escape dismisses it, and it stays shut while the pointer rests there', async () => {
    const trigger = renderTooltip()
    await userEvent.hover(trigger)
    await screen.findByRole('tooltip')
    await userEvent.keyboard('{Escape}')
    expect(tooltip()).toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(tooltip()).toBeNull()
  })

  test('keyboard focus shows it at once; moving focus on hides it', async () => {
    renderTooltip()
    await userEvent.tab()
    expect(screen.getByRole('tooltip', { name: 'Switch to light theme' })).toBeInTheDocument()
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus()
    expect(tooltip()).toBeNull()
  })

  test('a click closes it, runs the trigger’s own onClick, and its focus does not reopen it', async () => {
    const onClick = vi.fn()
    const trigger = renderTooltip(onClick)
    await userEvent.hover(trigger)
    await screen.findByRole('tooltip')
    await userEvent.click(trigger)
    expect(onClick).toHaveBeenCalledOnce()
    expect(trigger).toHaveFocus()
    expect(tooltip()).toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(tooltip()).toBeNull()
  })

  test('Enter on a focused trigger acts and closes it', async () => {
    const onClick = vi.fn()
    renderTooltip(onClick)
    await userEvent.tab()
    expect(tooltip()).toBeInTheDocument()
    await userEvent.keyboard('{Enter}')
    expect(onClick).toHaveBeenCalledOnce()
    expect(tooltip()).toBeNull()
  })

  test('an Ark Dialog trigger keeps its ref and its own handlers', async () => {
    const ref = createRef<HTMLButtonElement>()
    render(
      <Dialog.Root lazyMount unmountOnExit>
        <AppTooltip label="Open menu">
          <Dialog.Trigger ref={ref} aria-label="Open menu">
            ≡
          </Dialog.Trigger>
        </AppTooltip>
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Title>Menu</Dialog.Title>
          </Dialog.Content>
        </Dialog.Positioner>
      </Dialog.Root>,
    )
    const trigger = screen.getByRole('button', { name: 'Open menu' })
    expect(ref.current).toBe(trigger)
    await userEvent.hover(trigger)
    expect(await screen.findByRole('tooltip', { name: 'Open menu' })).toBeInTheDocument()
    await userEvent.click(trigger)
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeInTheDocument()
    expect(screen.queryByRole('tooltip')).toBeNull()
  })
})
