import { describe, expect, it, vi } from 'vitest'
import { createRouter, type TabsApi } from '../../extension/src/router'

const APP = 'http://localhost:3000'

function fakeTabs(tabs: Array<{ id: number; active?: boolean; answer: unknown | Error }>) {
  const api: TabsApi & { sent: Array<[number, unknown]> } = {
    sent: [],
    query: vi.fn(async () => tabs.map(({ id, active }) => ({ id, active }))),
    async sendMessage(tabId, message) {
      api.sent.push([tabId, message])
      const tab = tabs.find((t) => t.id === tabId)
      if (!tab || tab.answer instanceof Error) throw tab?.answer ?? new Error('no tab')
      return tab.answer
    },
  }
  return api
}

describe('the service worker router', () => {
  it('finds app tabs by the app origin and hands the request to one', async () => {
    const tabs = fakeTabs([{ id: 7, answer: { ok: true } }])
    const route = createRouter(tabs, APP)
    const message = {
      kind: 'prompt-chat/set-system-prompt',
      promptId: 'p',
      isActive: true,
    } as const
    await expect(route(message)).resolves.toEqual({ appOpen: true, ok: true })
    expect(tabs.query).toHaveBeenCalledWith({ url: 'http://localhost:3000/*' })
    expect(tabs.sent).toEqual([[7, message]])
  })

  it('answers appOpen false when no app tab is open', async () => {
    const route = createRouter(fakeTabs([]), APP)
    await expect(route({ kind: 'prompt-chat/refresh' })).resolves.toEqual({
      appOpen: false,
      ok: false,
    })
  })

  it('skips a tab without the content script and tries the active tab first', async () => {
    const tabs = fakeTabs([
      { id: 1, answer: new Error('Receiving end does not exist') },
      { id: 2, answer: { ok: false } },
      { id: 3, active: true, answer: new Error('gone') },
      { id: 4, answer: { ok: true } },
    ])
    const route = createRouter(tabs, APP)
    await expect(route({ kind: 'prompt-chat/refresh' })).resolves.toEqual({
      appOpen: true,
      ok: true,
    })
    expect(tabs.sent.map(([id]) => id)).toEqual([3, 1, 2, 4])
  })

  it('reports a failed update from the only app tab', async () => {
    const route = createRouter(fakeTabs([{ id: 1, answer: { ok: false } }]), APP)
    await expect(
      route({ kind: 'prompt-chat/set-system-prompt', promptId: 'p', isActive: false }),
    ).resolves.toEqual({ appOpen: true, ok: false })
  })
})
