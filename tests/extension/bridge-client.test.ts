import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createBridgeClient } from '../../extension/src/bridge-client'
import { isReplyOf } from '../../extension/src/protocol'

const isUserAnswer = isReplyOf('USER_DATA', 'NO_USER')
const isPrompts = isReplyOf('PROMPTS_DATA')

function reply(data: unknown, init: { origin?: string; source?: Window | null } = {}) {
  window.dispatchEvent(
    new MessageEvent('message', {
      data,
      origin: init.origin ?? location.origin,
      source: init.source === undefined ? window : init.source,
    }),
  )
}

describe('the page bridge client', () => {
  let posted: Array<{ message: unknown; targetOrigin: string }>
  beforeEach(() => {
    posted = []
    vi.spyOn(window, 'postMessage').mockImplementation(((
      message: unknown,
      targetOrigin: string,
    ) => {
      posted.push({ message, targetOrigin })
    }) as typeof window.postMessage)
  })
  afterEach(() => {
    vi.restoreAllMocks()
    vi.useRealTimers()
  })

  it('posts the request to its own page origin and resolves the matching reply', async () => {
    const client = createBridgeClient(window)
    const answer = client.request({ type: 'GET_USER_DATA' }, isUserAnswer, {
      timeoutMs: 1000,
    })
    expect(posted).toEqual([{ message: { type: 'GET_USER_DATA' }, targetOrigin: location.origin }])
    reply({ type: 'USER_DATA', user: { id: 'u', email: 'e@x.io', displayName: 'E' } })
    await expect(answer).resolves.toEqual({
      type: 'USER_DATA',
      user: { id: 'u', email: 'e@x.io', displayName: 'E' },
    })
    client.dispose()
  })

  it('matches each reply to the request of its kind', async () => {
    const client = createBridgeClient(window)
    const user = client.request({ type: 'GET_USER_DATA' }, isUserAnswer, { timeoutMs: 1000 })
    const prompts = client.request({ type: 'GET_PROMPTS_DATA', userId: 'u' }, isPrompts, {
      timeoutMs: 1000,
    })
    reply({ type: 'PROMPTS_DATA', userPrompts: [], systemPrompts: [], activeSystemPrompt: null })
    reply({ type: 'NO_USER' })
    await expect(user).resolves.toEqual({ type: 'NO_USER' })
    await expect(prompts).resolves.toMatchObject({ type: 'PROMPTS_DATA', userPrompts: [] })
    client.dispose()
  })

  it('ignores other origins, other windows, its own requests and malformed replies', async () => {
    vi.useFakeTimers()
    const client = createBridgeClient(window)
    const answer = client.request({ type: 'GET_USER_DATA' }, isUserAnswer, {
      timeoutMs: 1000,
    })
    const settled = vi.fn()
    void answer.then(settled)
    reply({ type: 'NO_USER' }, { origin: 'https://evil.example' })
    reply({ type: 'NO_USER' }, { source: null })
    reply({ type: 'GET_USER_DATA' })
    reply({ type: 'USER_DATA', user: { id: '', email: 'x' } })
    reply({ type: 'USER_DATA' })
    reply('NO_USER')
    await vi.advanceTimersByTimeAsync(500)
    expect(settled).not.toHaveBeenCalled()
    reply({ type: 'NO_USER' })
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toHaveBeenCalledWith({ type: 'NO_USER' })
    client.dispose()
  })

  it('resolves null when nothing answers in time, and can ask again meanwhile', async () => {
    vi.useFakeTimers()
    const client = createBridgeClient(window)
    const answer = client.request({ type: 'GET_USER_DATA' }, isUserAnswer, {
      timeoutMs: 5000,
      resendEveryMs: 1000,
    })
    await vi.advanceTimersByTimeAsync(4999)
    expect(posted).toHaveLength(5)
    await vi.advanceTimersByTimeAsync(1)
    await expect(answer).resolves.toBeNull()
    await vi.advanceTimersByTimeAsync(5000)
    expect(posted).toHaveLength(5) // stops asking once given up
    client.dispose()
  })

  it('keeps only the fields it reads from prompts', async () => {
    const client = createBridgeClient(window)
    const answer = client.request({ type: 'GET_PROMPTS_DATA', userId: 'u' }, isPrompts, {
      timeoutMs: 1000,
    })
    const row = { id: 'p', userId: 'u', title: 'T', content: 'C', type: 'user', isPublic: '1' }
    reply({
      type: 'PROMPTS_DATA',
      userPrompts: [{ ...row, isActive: '0', averageRating: 3.5, totalRatings: 2 }],
      systemPrompts: [{ ...row, id: 's', type: 'system', isActive: true }],
      activeSystemPrompt: { ...row, id: 's', type: 'system', isActive: true },
    })
    await expect(answer).resolves.toEqual({
      type: 'PROMPTS_DATA',
      userPrompts: [{ id: 'p', title: 'T', content: 'C', averageRating: 3.5, totalRatings: 2 }],
      systemPrompts: [{ id: 's', title: 'T', content: 'C', isActive: true }],
      activeSystemPrompt: { id: 's', title: 'T', content: 'C', isActive: true },
    })
    client.dispose()
  })
})
