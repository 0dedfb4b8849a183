import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { StorageArea, StorageEvents } from '../../extension/src/state'

type Listener = Parameters<StorageEvents['addListener']>[0]

/** A fake `chrome.storage.local` and `chrome.storage.onChanged`, in memory. */
export function fakeChromeStorage() {
  const data = new Map<string, unknown>()
  const listeners = new Set<Listener>()
  const area: StorageArea = {
    async get(key) {
      return data.has(key) ? { [key]: structuredClone(data.get(key)) } : {}
    },
    async set(items) {
      const changes: Record<string, { newValue?: unknown; oldValue?: unknown }> = {}
      for (const [key, value] of Object.entries(items)) {
        changes[key] = { oldValue: data.get(key), newValue: structuredClone(value) }
        data.set(key, structuredClone(value))
      }
      for (const listener of listeners) listener(changes, 'local')
    },
  }
  const events: StorageEvents = {
    addListener: (listener) => void listeners.add(listener),
    removeListener: (listener) => void listeners.delete(listener),
  }
  return { area, events, data, listenerCount: () => listeners.size }
}

/** A chat site's fixture page (also served to the real extension in e2e), parsed, scripts inert. */
export function fixtureDocument(site: 'chatgpt' | 'claude' | 'gemini'): Document {
  const html = readFileSync(path.join(import.meta.dirname, 'fixtures', `${site}.html`), 'utf8')
  return new DOMParser().parseFromString(html, 'text/html')
}

/** Puts a fixture's body into the test's own document (where events and observers run). */
export function loadFixtureIntoDocument(site: 'chatgpt' | 'claude' | 'gemini') {
  const fixture = fixtureDocument(site)
  for (const node of fixture.querySelectorAll('script, style')) node.remove()
  document.body.innerHTML = fixture.body.innerHTML
}

export const SAMPLE_USER = { id: 'user-1', email: 'eve@example.com', displayName: 'Eve' }

export const SAMPLE_PROMPTS = {
  userPrompts: [
    {
      id: 'u1',
      title: 'Bug triage',
      content: 'List the steps to reproduce first.',
      averageRating: 4,
      totalRatings: 1,
    },
    {
      id: 'u2',
      title: 'Haiku',
      content: 'Write a haiku about the sea.',
      averageRating: 0,
      totalRatings: 0,
    },
  ],
  systemPrompts: [
    { id: 's1', title: 'Terse mode', content: 'Answer in one short sentence.', isActive: true },
    { id: 's2', title: 'Pirate', content: 'Talk like a pirate.', isActive: false },
  ],
}

export const EXTENSION_ID = 'prompt-chat-test-extension'
export const MENU_FRAME_URL = `chrome-extension://${EXTENSION_ID}/menu.html`

type RuntimeListener = (data: unknown, sender: { id?: string; tab?: unknown }) => unknown

/** A fake `chrome.runtime.onMessage` for a content script: `deliver` plays a sender. */
export function fakeRuntimeMessages() {
  const listeners = new Set<RuntimeListener>()
  return {
    events: {
      addListener: (listener: RuntimeListener) => void listeners.add(listener),
      removeListener: (listener: RuntimeListener) => void listeners.delete(listener),
    },
    deliver(data: unknown, sender: { id?: string; tab?: unknown }) {
      for (const listener of listeners) listener(data, sender)
    },
  }
}

/** Every text a page script can reach: the document and each open shadow root in it. */
export function textReachableByPage(doc: Document): string {
  const parts = [doc.documentElement.outerHTML]
  const walk = (root: Document | ShadowRoot) => {
    for (const element of root.querySelectorAll('*')) {
      if (element.shadowRoot) {
        parts.push(element.shadowRoot.innerHTML)
        walk(element.shadowRoot)
      }
    }
  }
  walk(doc)
  return parts.join('\n')
}
