import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { buildShareLink } from '../../src/domain/share-link-builder'
import { installMockPlatform } from '../support/mock-platform'
import { mswServer } from '../support/msw-server'
import { renderApp } from '../support/render-app'
import { TEST_ORIGIN } from '../support/test-platform'

const mockPlatform = installMockPlatform()
const toast = (text: string) => screen.findByText(text, {}, { timeout: 4000 })
const SHARED = {
  title: 'Shared <i>poet</i>',
  content: 'Line one\nLine two\nLine three',
  type: 'system' as const,
}
const LINK = buildShareLink(TEST_ORIGIN, SHARED)

describe('a prompt shared by link', () => {
  test('signed out: a preview and "Sign In to Add Prompt", which returns to the same address', async () => {
    const { env } = renderApp({ href: LINK })
    const signIn = await screen.findByRole('button', { name: 'Sign In to Add Prompt' })
    const preview = screen.getByRole('complementary', { name: 'Shared prompt' })
    expect(within(preview).getByText('Shared <i>poet</i>')).toBeInTheDocument()
    expect(preview.querySelector('i')).toBeNull()
    await userEvent.click(signIn)
    expect(env.navigate).toHaveBeenCalledWith(
      `${TEST_ORIGIN}/auth?redirect_url=${encodeURIComponent(LINK)}&project_id=prompt-chat`,
    )
  })

  test('signed in: the banner adds it to the library, private and inactive, and cleans the address', async () => {
    localStorage.setItem(
      'auth_tokens',
      JSON.stringify(await mockPlatform().signUp('share@example.com')),
    )
    const app = renderApp({ href: LINK })
    const banner = await screen.findByRole('region', { name: 'Shared prompt' })
    expect(within(banner).getByText('Add shared prompt to your library?')).toBeInTheDocument()
    expect(within(banner).getByText('System')).toBeInTheDocument()
    await userEvent.click(within(banner).getByRole('button', { name: 'Add to Library' }))
    expect(await toast('Prompt added to your library!')).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Shared prompt' })).not.toBeInTheDocument(),
    )
    expect(app.currentHref()).toBe(`${TEST_ORIGIN}/`)

    await userEvent.click(screen.getByRole('button', { name: 'Library' }))
    const library = await screen.findByRole('dialog', { name: 'Prompt Library' })
    await userEvent.click(within(library).getByRole('tab', { name: 'My Prompts' }))
    const card = await within(library).findByRole('article', { name: SHARED.title })
    expect(within(card).queryByText('Public')).not.toBeInTheDocument()
    expect(within(card).queryByText('Active')).not.toBeInTheDocument()
  })

  test("Dismiss clears it; a failed add says 'Failed to add prompt'", async () => {
    localStorage.setItem(
      'auth_tokens',
      JSON.stringify(await mockPlatform().signUp('dismiss@example.com')),
    )
    const app = renderApp({ href: LINK })
    const banner = await screen.findByRole('region', { name: 'Shared prompt' })
    mswServer.use(
      http.post(`${TEST_ORIGIN}/api/db/:project/rest/v1/prompts`, () =>
        HttpResponse.json({ message: 'down' }, { status: 500 }),
      ),
    )
    await userEvent.click(within(banner).getByRole('button', { name: 'Add to Library' }))
    expect(await toast('Failed to add prompt')).toBeInTheDocument()
    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }))
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Shared prompt' })).not.toBeInTheDocument(),
    )
    expect(app.currentHref()).toBe(`${TEST_ORIGIN}/`)
  })

  test.each([
    ['garbage', '%7Bnot-json'],
    ['a wrong type', encodeURIComponent('{"title":"a","content":"b","type":"root"}')],
    ['markup', encodeURIComponent('<img src=x onerror=alert(1)>')],
  ])("%s in ?prompt= shows 'Invalid shared prompt URL' and no banner", async (_, param) => {
    renderApp({ href: `${TEST_ORIGIN}/?prompt=${param}` })
    expect(await toast('Invalid shared prompt URL')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sign In to Continue' })).toBeInTheDocument()
    expect(document.querySelector('img')).toBeNull()
  })
})
