import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { isAppPage } from '../../extension/src/app-page-marker'
import { createAppSync } from '../../extension/src/app-sync'
import { createBridgeClient } from '../../extension/src/bridge-client'
import { readState, STORAGE_KEY } from '../../extension/src/state'
import { fakeChromeStorage, SAMPLE_PROMPTS, SAMPLE_USER } from './fake-chrome'

/** A stand-in for the app's bridge: answers what the content script posts, like the app would. */
function fakeApp(options: { user?: typeof SAMPLE_USER | null; silent?: boolean } = {}) {
  const requests: Array<Record<string, unknown>> = []
  let systemPrompts = SAMPLE_PROMPTS.systemPrompts.map((p) => ({ ...p }))
  const answer = (data: unknown) =>
    setTimeout(() =>
      window.dispatchEvent(
        new MessageEvent('message', { data, origin: location.origin, source: window }),
      ),
    )
  vi.spyOn(window, 'postMessage').mockImplementation(((message: Record<string, unknown>) => {
    requests.push(message)
    if (options.silent) return
    const user = options.user === undefined ? SAMPLE_USER : options.user
    if (message.type === 'GET_USER_DATA') {
      answer(user ? { type: 'USER_DATA', user } : { type: 'NO_USER' })
    } else if (message.type === 'GET_PROMPTS_DATA' && message.userId === user?.id) {
      answer({
        type: 'PROMPTS_DATA',
        userPrompts: SAMPLE_PROMPTS.userPrompts,
        systemPrompts,
        activeSystemPrompt: systemPrompts.find((p) => p.isActive) ?? null,
      })
    } else if (message.type === 'UPDATE_SYSTEM_PROMPT' && message.userId === user?.id) {
      systemPrompts = systemPrompts.map((p) => ({
        ...p,
        isActive: p.id === message.promptId ? Boolean(message.isActive) : false,
      }))
      answer({
        type: 'SYSTEM_PROMPT_UPDATED',
        promptId: message.promptId,
        isActive: message.isActive,
      })
    }
  }) as typeof window.postMessage)
  return { requests }
}

describe('the app tab storage sync', () => {
  let client: ReturnType<typeof createBridgeClient>
  beforeEach(() => {
    client = createBridgeClient(window)
  })
  afterEach(() => {
    client.dispose()
    vi.restoreAllMocks()
    vi.useRealTimers()
  })

  it('stores the signed-in user, their prompts and the active system prompt', async () => {
    fakeApp()
    const storage = fakeChromeStorage()
    const sync = createAppSync({ client, storage: storage.area, now: () => 1000 })
    await sync.sync()
    expect(await readState(storage.area)).toEqual({
      status: 'signed-in',
      user: SAMPLE_USER,
      userPrompts: SAMPLE_PROMPTS.userPrompts,
      systemPrompts: SAMPLE_PROMPTS.systemPrompts,
      activeSystemPrompt: SAMPLE_PROMPTS.systemPrompts[0],
      syncedAt: 1000,
    })
  })

  it('stores signed-out when the app says nobody is signed in', async () => {
    fakeApp({ user: null })
    const storage = fakeChromeStorage()
    await createAppSync({ client, storage: storage.area, now: () => 5 }).sync()
    expect(storage.data.get(STORAGE_KEY)).toMatchObject({
      status: 'signed-out',
      user: null,
      syncedAt: 5,
    })
  })

  it('stores signed-out when no user is known after the wait', async () => {
    vi.useFakeTimers()
    const { requests } = fakeApp({ silent: true })
    const storage = fakeChromeStorage()
    const done = createAppSync({ client, storage: storage.area }).sync()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(storage.data.has(STORAGE_KEY)).toBe(false)
    await vi.advanceTimersByTimeAsync(1_000)
    await done
    expect(storage.data.get(STORAGE_KEY)).toMatchObject({ status: 'signed-out' })
    expect(requests.every((r) => r.type === 'GET_USER_DATA')).toBe(true)
  })

  it('shares one refresh between callers', async () => {
    const { requests } = fakeApp()
    const storage = fakeChromeStorage()
    const sync = createAppSync({ client, storage: storage.area })
    await Promise.all([sync.sync(), sync.sync(), sync.sync()])
    expect(requests.map((r) => r.type)).toEqual(['GET_USER_DATA', 'GET_PROMPTS_DATA'])
  })

  it('relays a system prompt toggle and stores the new active prompt', async () => {
    const { requests } = fakeApp()
    const storage = fakeChromeStorage()
    const sync = createAppSync({ client, storage: storage.area })
    await sync.sync()
    await expect(sync.setSystemPrompt('s2', true)).resolves.toBe(true)
    expect(requests).toContainEqual({
      type: 'UPDATE_SYSTEM_PROMPT',
      userId: 'user-1',
      promptId: 's2',
      isActive: true,
    })
    const state = await readState(storage.area)
    expect(state?.activeSystemPrompt?.id).toBe('s2')
    expect(state?.systemPrompts.map((p) => p.isActive)).toEqual([false, true])
  })

  it('reports failure when the app never confirms the toggle', async () => {
    vi.useFakeTimers()
    fakeApp({ user: null })
    const storage = fakeChromeStorage()
    const sync = createAppSync({ client, storage: storage.area })
    const result = sync.setSystemPrompt('s2', true)
    await vi.advanceTimersByTimeAsync(30_000)
    await expect(result).resolves.toBe(false)
  })
})

describe("the app's page marker", () => {
  // Issue 24, defect 7: another page of the app's origin (e.g. /fixtures/article.html) has no
  // bridge; syncing there wrote "signed-out" (docs/security.md).
  it('is on the app page (index.html) and not on another page of the origin', () => {
    const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html')
    const index = readFileSync(path.resolve('index.html'), 'utf8')
    expect(isAppPage(parse(index))).toBe(true)
    expect(isAppPage(parse('<!doctype html><title>Article</title><p>Hi</p>'))).toBe(false)
    expect(isAppPage(parse('<meta name="prompt-chat-app" content="other">'))).toBe(false)
  })
})
