import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { installMockPlatform } from '../support/mock-platform'
import { mswServer } from '../support/msw-server'
import { renderApp } from '../support/render-app'
import { postAuthForm } from '../support/sign-up'
import { TEST_ORIGIN, TEST_PROJECT_ID } from '../support/test-platform'

const mockPlatform = installMockPlatform()
const storeTokens = (tokens: unknown) => localStorage.setItem('auth_tokens', JSON.stringify(tokens))

describe('the root view', () => {
  test('shows the pulsing loading icon while the session is checked, then the welcome line', async () => {
    storeTokens(await mockPlatform().signUp('ada@example.com', 'Ada Lovelace'))
    renderApp()
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()

    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument()
    expect(screen.getByText(/Welcome,/)).toHaveTextContent('Welcome, Ada Lovelace')
    expect(screen.getByRole('heading', { name: 'Start a conversation' })).toBeInTheDocument()
    expect(screen.getByText('Choose a model and send your first message')).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument()
  })

  test('the welcome line falls back to the e-mail when there is no display name', async () => {
    storeTokens(await mockPlatform().signUp('noname@example.com'))
    renderApp()
    expect(await screen.findByText(/Welcome,/)).toHaveTextContent('Welcome, noname@example.com')
  })

  test('the message input is fixed at the bottom and disabled while no model is chosen', async () => {
    // No models at all, so none gets selected: the disabled state is stable, not a race.
    let modelsListed = false
    mswServer.use(
      http.get(`${TEST_ORIGIN}/api/db/${TEST_PROJECT_ID}/rest/v1/ai_models`, () => {
        modelsListed = true
        return HttpResponse.json([])
      }),
    )
    storeTokens(await mockPlatform().signUp('input@example.com'))
    renderApp()
    const input = await screen.findByRole('textbox', { name: 'Message' })
    await waitFor(() => expect(modelsListed).toBe(true))
    expect(input).toBeDisabled()
    expect(input).toHaveAttribute('placeholder', 'Select a model to start chatting...')
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled()
  })

  test('signed out: the card with title, tagline, sign-in button and theme toggle', async () => {
    const { env } = renderApp()
    const signIn = await screen.findByRole('button', { name: 'Sign In to Continue' })
    expect(screen.getByRole('heading', { name: 'Prompt Chat' })).toBeInTheDocument()
    expect(screen.getByText(/chat with AI collaboratively/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument()

    await userEvent.click(signIn)
    const redirect = `${TEST_ORIGIN}/auth?redirect_url=${encodeURIComponent(`${TEST_ORIGIN}/`)}&project_id=prompt-chat`
    expect(env.navigate).toHaveBeenCalledWith(redirect)
  })

  test('returning from the auth page with a code signs in and cleans the address', async () => {
    const { signUp } = mockPlatform()
    await signUp('code@example.com', 'Code Person') // the account exists
    const res = await postAuthForm((request) => fetch(request), TEST_ORIGIN, 'sign-in', {
      email: 'code@example.com',
      password: 'password-123',
      redirect_url: `${TEST_ORIGIN}/?tab=chat`,
    })
    const back = res.headers.get('location')!
    expect(new URL(back).searchParams.get('code')).toMatch(/\S/)

    const app = renderApp({ href: back })
    expect(await screen.findByText(/Welcome,/)).toHaveTextContent('Welcome, Code Person')
    expect(app.currentHref()).toBe(`${TEST_ORIGIN}/?tab=chat`)
    expect(JSON.parse(localStorage.getItem('auth_tokens')!)).toMatchObject({ token_type: 'Bearer' })
  })

  test('a stored session the server no longer accepts ends on the signed-out card', async () => {
    storeTokens({
      access_token: 'not-a-jwt',
      refresh_token: 'not-a-refresh-token',
      token_type: 'Bearer',
      expires_in: 900,
      issued_at: Math.floor(Date.now() / 1000),
    })
    renderApp()
    expect(await screen.findByRole('button', { name: 'Sign In to Continue' })).toBeInTheDocument()
    await waitFor(() => expect(localStorage.getItem('auth_tokens')).toBeNull())
  })

  test('Sign Out clears the session and shows the signed-out card', async () => {
    const tokens = await mockPlatform().signUp('bye@example.com', 'Leaving Soon')
    storeTokens(tokens)
    renderApp()
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }))
    expect(await screen.findByRole('button', { name: 'Sign In to Continue' })).toBeInTheDocument()
    expect(localStorage.getItem('auth_tokens')).toBeNull()
    // The server revoked the refresh token too: it can no longer mint a session.
    await waitFor(async () => {
      const res = await fetch(`${TEST_ORIGIN}/api/auth/refresh`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: tokens.refresh_token }),
      })
      expect(res.status).toBe(401)
    })
  })

  test('the theme toggle flips dark and light and remembers the choice', async () => {
    renderApp()
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to light theme' }))
    expect(document.documentElement).toHaveClass('light')
    expect(localStorage.getItem('theme')).toBe('light')
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }))
    expect(document.documentElement).toHaveClass('dark')
    expect(localStorage.getItem('theme')).toBe('dark')
  })

  test('inside an iframe, tokens from an untrusted parent are ignored', async () => {
    const tokens = await mockPlatform().signUp('phished@example.com', 'Phished')
    const app = renderApp({ inIframe: true })
    app.postMessage('http://localhost.evil.example', { type: 'AUTH_TOKENS', tokens })
    expect(await screen.findByRole('button', { name: 'Sign In to Continue' })).toBeInTheDocument()
    expect(screen.queryByText('Phished')).not.toBeInTheDocument()
  })

  test('inside an iframe, a trusted parent can sign in and sign out', async () => {
    const tokens = await mockPlatform().signUp('framed@example.com', 'Framed User')
    const app = renderApp({ inIframe: true })
    app.postMessage(TEST_ORIGIN, { type: 'AUTH_TOKENS', tokens })
    expect(await screen.findByText(/Welcome,/)).toHaveTextContent('Welcome, Framed User')

    app.postMessage('https://evil.example', { type: 'AUTH_LOGOUT' })
    expect(app.actors.auth.getSnapshot().hasTag('signedIn')).toBe(true)
    app.postMessage(TEST_ORIGIN, { type: 'AUTH_LOGOUT' })
    expect(await screen.findByRole('button', { name: 'Sign In to Continue' })).toBeInTheDocument()
  })
})
