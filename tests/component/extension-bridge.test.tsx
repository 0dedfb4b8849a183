import { screen, waitFor } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { restInsert, storeSession } from '../support/chat-session'
import { installMockPlatform } from '../support/mock-platform'
import { renderApp } from '../support/render-app'
import { TEST_ORIGIN } from '../support/test-platform'

const mockPlatform = installMockPlatform()

const userIdOf = (accessToken: string) => JSON.parse(atob(accessToken.split('.')[1]!)).sub as string

/** Alice with a rated user prompt and an inactive system prompt, signed in on the page. */
async function aliceWithPrompts() {
  const alice = await mockPlatform().signUp('ext-alice@example.com', 'Alice')
  const bob = await mockPlatform().signUp('ext-bob@example.com', 'Bob')
  const aliceId = userIdOf(alice.access_token)
  const bobId = userIdOf(bob.access_token)
  await restInsert(alice, 'prompts', {
    id: 'ext_haiku',
    user_id: aliceId,
    title: 'Haiku',
    content: 'Write a haiku',
    type: 'user',
    is_public: '1',
  })
  await restInsert(alice, 'prompts', {
    id: 'ext_unrated',
    user_id: aliceId,
    title: 'Unrated',
    content: 'Nobody rated me',
    type: 'user',
  })
  await restInsert(alice, 'prompts', {
    id: 'ext_reviewer',
    user_id: aliceId,
    title: 'Code reviewer',
    content: 'Review code',
    type: 'system',
  })
  await restInsert(alice, 'prompt_ratings', {
    prompt_id: 'ext_haiku',
    user_id: aliceId,
    rating: '5',
  })
  await restInsert(bob, 'prompt_ratings', { prompt_id: 'ext_haiku', user_id: bobId, rating: '2' })
  storeSession(alice)
  const app = renderApp()
  await screen.findByText(/Welcome,/)
  return { app, aliceId }
}

function replies(app: ReturnType<typeof renderApp>, type: string) {
  return app.posted.filter((p) => (p.message as { type?: string }).type === type)
}

describe('the extension bridge on the mock platform', () => {
  test('a signed-in user gets USER_DATA, PROMPTS_DATA with real ratings, and UPDATE_SYSTEM_PROMPT shows the badge', async () => {
    const { app, aliceId } = await aliceWithPrompts()

    // Another origin and another user's id get nothing.
    app.postMessage('https://evil.example', { type: 'GET_USER_DATA' })
    app.postMessage(TEST_ORIGIN, { type: 'GET_PROMPTS_DATA', userId: 'user_someone_else' })

    app.postMessage(TEST_ORIGIN, { type: 'GET_USER_DATA' })
    await waitFor(() => expect(replies(app, 'USER_DATA')).toHaveLength(1))
    expect(replies(app, 'USER_DATA')[0]).toMatchObject({
      message: { user: { id: aliceId, email: 'ext-alice@example.com' } },
      targetOrigin: TEST_ORIGIN,
    })

    app.postMessage(TEST_ORIGIN, { type: 'GET_PROMPTS_DATA', userId: aliceId })
    await waitFor(() => expect(replies(app, 'PROMPTS_DATA')).toHaveLength(1))
    const [data] = replies(app, 'PROMPTS_DATA')
    expect(data?.targetOrigin).toBe(TEST_ORIGIN)
    const message = data?.message as {
      userPrompts: Array<{ id: string; averageRating: number; totalRatings: number }>
      systemPrompts: Array<{ id: string; isActive: unknown }>
      activeSystemPrompt: unknown
    }
    expect(message.userPrompts.map((p) => [p.id, p.averageRating, p.totalRatings]).sort()).toEqual([
      ['ext_haiku', 3.5, 2],
      ['ext_unrated', 0, 0],
    ])
    expect(message.systemPrompts.map((p) => [p.id, p.isActive])).toEqual([['ext_reviewer', false]])
    expect(message.activeSystemPrompt).toBeNull()

    expect(screen.queryByText('Active:', { exact: false })).not.toBeInTheDocument()
    app.postMessage(TEST_ORIGIN, {
      type: 'UPDATE_SYSTEM_PROMPT',
      userId: aliceId,
      promptId: 'ext_reviewer',
      isActive: true,
    })
    expect(await screen.findByText('Code reviewer', {}, { timeout: 4000 })).toBeInTheDocument()
    expect(screen.getByText('Active:', { exact: false })).toBeInTheDocument()
    await waitFor(() => expect(replies(app, 'SYSTEM_PROMPT_UPDATED')).toHaveLength(1))
    expect(replies(app, 'SYSTEM_PROMPT_UPDATED')[0]).toEqual({
      message: { type: 'SYSTEM_PROMPT_UPDATED', promptId: 'ext_reviewer', isActive: true },
      targetOrigin: TEST_ORIGIN,
    })

    // Nothing went anywhere but the page's own origin, and nothing else was answered.
    expect(app.posted.every((p) => p.targetOrigin === TEST_ORIGIN)).toBe(true)
    expect(app.posted.map((p) => (p.message as { type: string }).type)).toEqual([
      'USER_DATA',
      'PROMPTS_DATA',
      'SYSTEM_PROMPT_UPDATED',
    ])
  })
})
