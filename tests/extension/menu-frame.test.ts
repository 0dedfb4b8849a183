import { afterEach, describe, expect, it, vi } from 'vitest'
import { startChatSite } from '../../extension/src/chat-site'
import { getComposerText } from '../../extension/src/composer'
import { menuViewOf, startMenuFrame } from '../../extension/src/menu-frame-page'
import { isMenuFrameUrl, parseMenuFrameMessage } from '../../extension/src/runtime-messages'
import { chatgptAdapter } from '../../extension/src/sites/chatgpt'
import { FRESH_FOR_MS, type StoredState, writeState } from '../../extension/src/state'
import {
  EXTENSION_ID,
  fakeChromeStorage,
  fakeRuntimeMessages,
  loadFixtureIntoDocument,
  MENU_FRAME_URL,
  SAMPLE_PROMPTS,
  SAMPLE_USER,
} from './fake-chrome'

const NOW = 1_000_000

function signedIn(overrides: Partial<StoredState> = {}): StoredState {
  return {
    status: 'signed-in',
    user: SAMPLE_USER,
    ...SAMPLE_PROMPTS,
    activeSystemPrompt: null,
    syncedAt: NOW,
    ...overrides,
  }
}

describe('what the menu frame shows', () => {
  it('shows prompts only from fresh signed-in data with an app tab', () => {
    expect(menuViewOf(signedIn(), NOW, null)).toMatchObject({ kind: 'ready' })
    expect(menuViewOf(signedIn(), NOW, true)).toMatchObject({ kind: 'ready' })
    expect(menuViewOf(signedIn(), NOW, false)).toEqual({ kind: 'no-app' })
    expect(menuViewOf(signedIn(), NOW + FRESH_FOR_MS + 1, null)).toEqual({ kind: 'no-app' })
    expect(menuViewOf(null, NOW, true)).toEqual({ kind: 'no-app' })
    expect(menuViewOf(signedIn({ status: 'signed-out' }), NOW, true)).toEqual({
      kind: 'signed-out',
    })
  })

  it('the service worker takes inserts from menu.html only', () => {
    expect(isMenuFrameUrl(`${MENU_FRAME_URL}?x=1`, MENU_FRAME_URL)).toBe(true)
    expect(isMenuFrameUrl('https://chatgpt.com/menu.html', MENU_FRAME_URL)).toBe(false)
    expect(isMenuFrameUrl(undefined, MENU_FRAME_URL)).toBe(false)
    expect(parseMenuFrameMessage({ kind: 'prompt-chat/insert', text: 'x' })).toEqual({
      kind: 'prompt-chat/insert',
      text: 'x',
    })
    expect(parseMenuFrameMessage({ kind: 'prompt-chat/insert' })).toBeNull()
  })
})

/**
 * The chat site's content script in this document, the menu frame in a document of its own
 * (the cross-origin frame: the page cannot reach it), and between them a fake service worker
 * that relays the frame's choice as the real one does (background.ts).
 */
describe('the menu frame and the content script', () => {
  const stops: Array<() => void> = []
  afterEach(() => {
    for (const stop of stops.splice(0)) stop()
    document.body.replaceChildren()
  })

  async function start(state: StoredState | null, answer = { appOpen: true, ok: true }) {
    loadFixtureIntoDocument('chatgpt')
    const storage = fakeChromeStorage()
    if (state) await writeState(storage.area, state)
    const runtime = fakeRuntimeMessages()
    const site = startChatSite({
      doc: document,
      adapter: chatgptAdapter,
      frameUrl: MENU_FRAME_URL,
      extensionId: EXTENSION_ID,
      runtimeMessages: runtime.events,
      storage: storage.area,
      storageEvents: storage.events,
      now: () => NOW,
    })
    stops.push(site.stop)
    site.menu.open()
    const frameDoc = document.implementation.createHTMLDocument('menu')
    const worker = vi.fn(async (message: unknown) => {
      if (parseMenuFrameMessage(message)) {
        runtime.deliver(message, { id: EXTENSION_ID }) // chrome.tabs.sendMessage: no sender tab
        return undefined
      }
      return answer
    })
    const frame = startMenuFrame({
      doc: frameDoc,
      appUrl: 'http://localhost:3000/',
      storage: storage.area,
      storageEvents: storage.events,
      sendMessage: worker,
      now: () => NOW,
    })
    stops.push(frame.stop)
    const $$ = (selector: string) => [...frameDoc.querySelectorAll<HTMLElement>(selector)]
    await vi.waitFor(() => expect(frameDoc.querySelector('.body')?.textContent).not.toBe(''))
    return {
      site,
      storage,
      worker,
      frameDoc,
      $$,
      composer: document.getElementById('prompt-textarea')!,
    }
  }

  it('the page holds the button and the frame only', async () => {
    const { site } = await start(signedIn())
    const iframe = site.menu.root.querySelector('iframe')!
    expect(iframe.getAttribute('src')).toBe(MENU_FRAME_URL)
    expect(site.menu.root.querySelectorAll('button')).toHaveLength(1)
  })

  it('renders the prompts; a click reaches the content script, which inserts and closes', async () => {
    const { site, worker, $$, composer } = await start(signedIn())
    expect(worker).toHaveBeenCalledWith({ kind: 'prompt-chat/refresh' })
    expect($$('button.prompt .title').map((t) => t.textContent)).toEqual(['Bug triage', 'Haiku'])
    $$('button.prompt')[0]!.click()
    expect(getComposerText(composer)).toBe('List the steps to reproduce first.')
    expect(site.menu.isOpen).toBe(false)
    expect(site.menu.root.querySelector('iframe')).toBeNull()
  })

  it('Close in the frame closes it in the page', async () => {
    const { site, frameDoc } = await start(signedIn())
    frameDoc.querySelector<HTMLButtonElement>('button.close')!.click()
    expect(site.menu.isOpen).toBe(false)
  })

  it('sends a system prompt toggle from the frame to the service worker', async () => {
    const { worker, $$ } = await start(signedIn())
    $$('.system .toggle')[1]!.click()
    expect(worker).toHaveBeenCalledWith({
      kind: 'prompt-chat/set-system-prompt',
      promptId: 's2',
      isActive: true,
    })
  })

  it('follows storage: a signed-out write turns the frame to the signed-out text', async () => {
    const { storage, frameDoc } = await start(signedIn())
    await writeState(storage.area, signedIn({ status: 'signed-out', user: null }))
    expect(frameDoc.body.textContent).toContain('You are signed out of Prompt Chat')
  })

  it('says no app tab when the service worker finds none', async () => {
    const { frameDoc } = await start(signedIn(), { appOpen: false, ok: false })
    await vi.waitFor(() => expect(frameDoc.body.textContent).toContain('Open Prompt Chat in a tab'))
  })
})
