import { afterEach, describe, expect, it, vi } from 'vitest'
import { type ChatSiteOptions, startChatSite } from '../../extension/src/chat-site'
import { getComposerText } from '../../extension/src/composer'
import { chatgptAdapter } from '../../extension/src/sites/chatgpt'
import { type StoredState, writeState } from '../../extension/src/state'
import {
  EXTENSION_ID,
  fakeChromeStorage,
  fakeRuntimeMessages,
  loadFixtureIntoDocument,
  MENU_FRAME_URL,
  SAMPLE_PROMPTS,
  SAMPLE_USER,
  textReachableByPage,
} from './fake-chrome'

// The attack of issue 24, defect 2: a script of the chat site's own page (the site, its
// third-party scripts, an XSS) reads the user's prompts from the menu, or clicks Insert or
// Activate in it (docs/security.md "The extension menu lives in the extension's frame").
const NOW = 1_000_000
const SECRETS = [
  ...SAMPLE_PROMPTS.userPrompts.flatMap((p) => [p.title, p.content]),
  ...SAMPLE_PROMPTS.systemPrompts.flatMap((p) => [p.title, p.content]),
]

describe('a chat site page script', () => {
  let stop: (() => void) | undefined
  afterEach(() => {
    stop?.()
    document.body.replaceChildren()
  })

  async function start() {
    loadFixtureIntoDocument('chatgpt')
    const storage = fakeChromeStorage()
    const state: StoredState = {
      status: 'signed-in',
      user: SAMPLE_USER,
      ...SAMPLE_PROMPTS,
      activeSystemPrompt: null,
      syncedAt: NOW,
    }
    await writeState(storage.area, state)
    const runtime = fakeRuntimeMessages()
    const sendMessage = vi.fn(async () => ({ appOpen: true, ok: true }))
    // Not a literal: the same options also start the content script of before the fix (which
    // took appUrl and sendMessage), so this test shows the leak there.
    const options = {
      doc: document,
      adapter: chatgptAdapter,
      frameUrl: MENU_FRAME_URL,
      extensionId: EXTENSION_ID,
      runtimeMessages: runtime.events,
      storage: storage.area,
      storageEvents: storage.events,
      now: () => NOW,
      appUrl: 'http://localhost:3000/',
      sendMessage,
    }
    const site = startChatSite(options as ChatSiteOptions)
    stop = site.stop
    await new Promise((resolve) => setTimeout(resolve, 20))
    const composer = document.getElementById('prompt-textarea')!
    return { site, runtime, sendMessage, composer }
  }

  const trigger = () =>
    document
      .querySelector('[data-prompt-chat-menu]')
      ?.shadowRoot?.querySelector<HTMLButtonElement>('button.trigger')

  it('finds no prompt text in the page, with the menu closed and open', async () => {
    await start()
    expect(trigger()).toBeTruthy()
    for (const secret of SECRETS) expect(textReachableByPage(document)).not.toContain(secret)
    trigger()!.click()
    expect(trigger()!.getAttribute('aria-expanded')).toBe('true')
    await new Promise((resolve) => setTimeout(resolve, 20))
    for (const secret of SECRETS) expect(textReachableByPage(document)).not.toContain(secret)
  })

  it('cannot insert or activate a prompt: clicks, forged messages and events do nothing', async () => {
    const { sendMessage, composer } = await start()
    trigger()!.click()
    await new Promise((resolve) => setTimeout(resolve, 20))
    // Everything the page can reach and click (its own DOM and open shadow roots).
    const roots: Array<Document | ShadowRoot> = [document]
    for (const element of document.querySelectorAll('*')) {
      if (element.shadowRoot) roots.push(element.shadowRoot)
    }
    for (const root of roots) {
      for (const button of root.querySelectorAll<HTMLButtonElement>(
        'button.prompt, button.toggle',
      )) {
        button.click()
      }
    }
    // Forged messages in the shapes the extension uses.
    for (const data of [
      { kind: 'prompt-chat/insert', text: 'EVIL' },
      { kind: 'prompt-chat/set-system-prompt', promptId: 's2', isActive: true },
      { type: 'UPDATE_SYSTEM_PROMPT', promptId: 's2', isActive: true },
    ]) {
      window.postMessage(data, '*')
      window.dispatchEvent(new MessageEvent('message', { data, origin: location.origin }))
      document.dispatchEvent(new CustomEvent('prompt-chat/insert', { detail: data }))
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(getComposerText(composer)).toBe('')
    expect(sendMessage).not.toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'prompt-chat/set-system-prompt' }),
    )
  })

  it('cannot have a runtime message of its own accepted: only the service worker relays', async () => {
    const { runtime, composer } = await start()
    trigger()!.click()
    const insert = { kind: 'prompt-chat/insert', text: 'EVIL' }
    // From a tab (a content script, or menu.html framed by a page), or another extension.
    runtime.deliver(insert, { id: EXTENSION_ID, tab: { id: 1 } })
    runtime.deliver(insert, { id: 'another-extension' })
    expect(getComposerText(composer)).toBe('')
  })
})
