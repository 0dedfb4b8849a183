import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import { storeSession } from '../support/chat-session'
import { installMockPlatform } from '../support/mock-platform'
import { renderApp } from '../support/render-app'
import { openSheet } from '../support/sheets'

const mockPlatform = installMockPlatform()

async function signedIn() {
  const email = `menu-${Math.random().toString(36).slice(2)}@example.com`
  storeSession(await mockPlatform().signUp(email, email))
  renderApp()
  await screen.findByText(/Welcome,/)
}

/** Opens the side menu from its header button; returns the button and the sheet. */
async function openMenu() {
  const { trigger, sheet } = await openSheet('Open menu', 'Menu')
  return { trigger, menu: sheet }
}

describe('the side menu (under 768 px)', () => {
  test('opens with focus inside; Escape closes it and gives focus back to its button', async () => {
    await signedIn()
    const { trigger } = await openMenu()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(trigger).toHaveFocus()
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
  })

  test('Close menu closes it too, and it opens again', async () => {
    await signedIn()
    const { trigger, menu } = await openMenu()
    await userEvent.click(within(menu).getByRole('button', { name: 'Close menu' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(trigger).toHaveFocus()
    await openMenu()
  })

  test('an item closes the menu and acts', async () => {
    await signedIn()
    const { menu } = await openMenu()
    await userEvent.click(within(menu).getByRole('button', { name: 'Quick Prompts' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull())
    expect(await screen.findByRole('dialog', { name: /Quick Prompts/ })).toBeInTheDocument()
  })
})
