import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect } from 'vitest'

/**
 * Opens a narrow screen's sheet (the conversation drawer, the side menu) from its header
 * button, checking the button's dialog-trigger state and that focus went inside; returns both.
 */
export async function openSheet(button: string, dialog: string) {
  const trigger = screen.getByRole('button', { name: button })
  expect(trigger).toHaveAttribute('aria-haspopup', 'dialog')
  expect(trigger).toHaveAttribute('aria-expanded', 'false')
  await userEvent.click(trigger)
  const sheet = await screen.findByRole('dialog', { name: dialog })
  expect(trigger).toHaveAttribute('aria-expanded', 'true')
  await waitFor(() => expect(sheet).toContainElement(document.activeElement as HTMLElement))
  return { trigger, sheet }
}
