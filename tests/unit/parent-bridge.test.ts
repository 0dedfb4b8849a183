import { describe, expect, it } from 'vitest'
import {
  activePromptMessage,
  createParentBridge,
  notifyParent,
  type ParentMessage,
  parentTargetOrigin,
  parseParentMessage,
} from '../../src/bridge/parent-window'

const AUTH = 'https://auth.example.com'
const TRUSTED = [AUTH, 'http://localhost:5173']

describe('telling the parent window about the active system prompt', () => {
  it('targets a trusted referrer, else the auth host; never *', () => {
    const target = (referrer: string) => parentTargetOrigin(referrer, AUTH, TRUSTED)
    expect(target('http://localhost:5173/page')).toBe('http://localhost:5173')
    expect(target('https://auth.example.com/embed')).toBe(AUTH)
    expect(target('https://evil.example/')).toBe(AUTH)
    expect(target('http://localhost:6666/')).toBe(AUTH)
    expect(target('')).toBe(AUTH)
  })

  it('sends id, title, content and isActive=true, or an empty prompt on deactivation', () => {
    const sent: Array<[unknown, string]> = []
    const parent = {
      postMessage: (message: unknown, origin: string) => void sent.push([message, origin]),
    }
    notifyParent(parent, AUTH, { id: 's1', title: 'T', content: 'C' })
    notifyParent(parent, AUTH, null)
    notifyParent(null, AUTH, null) // not in an iframe: nobody to tell
    expect(sent).toEqual([
      [
        {
          type: 'SYSTEM_PROMPT_CHANGED',
          prompt: { id: 's1', title: 'T', content: 'C', isActive: true },
        },
        AUTH,
      ],
      [activePromptMessage(null), AUTH],
    ])
    expect(activePromptMessage(null).prompt).toEqual({
      id: '',
      title: '',
      content: '',
      isActive: false,
    })
  })
})

describe('hearing the parent window', () => {
  function bridgeWithMessages() {
    const listeners = new Set<(event: { origin: string; data: unknown }) => void>()
    const sent: Array<[unknown, string]> = []
    const bridge = createParentBridge({
      messages: {
        onMessage: (listener) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      parent: { postMessage: (message, origin) => void sent.push([message, origin]) },
      referrer: 'http://localhost:5173/host',
      authUrl: AUTH,
      trustedOrigins: TRUSTED,
    })
    const post = (origin: string, data: unknown) => {
      for (const listener of listeners) listener({ origin, data })
    }
    return { bridge, post, sent, listeners }
  }

  it('passes on tokens and logout from trusted origins only, and stops when unsubscribed', () => {
    const { bridge, post, listeners } = bridgeWithMessages()
    const heard: ParentMessage[] = []
    const stop = bridge.listen((message) => heard.push(message))
    post('https://evil.example', { type: 'AUTH_LOGOUT' })
    // Another port on this machine: a stranger's page, which once could sign the app in.
    post('http://localhost:6666', { type: 'AUTH_TOKENS', tokens: { access_token: 'attacker' } })
    post('http://127.0.0.1:5173', { type: 'AUTH_LOGOUT' })
    post(AUTH, { type: 'AUTH_LOGOUT' })
    post('http://localhost:5173', { type: 'SOMETHING_ELSE' })
    post('http://localhost:5173', { type: 'AUTH_TOKENS', tokens: { access_token: 'a' } })
    expect(heard.map((m) => m.type)).toEqual(['AUTH_LOGOUT', 'AUTH_TOKENS'])
    stop()
    expect(listeners.size).toBe(0)
  })

  it('fills in what a parent leaves out of the tokens, and refuses tokens without an access token', () => {
    const parsed = parseParentMessage({
      type: 'AUTH_TOKENS',
      tokens: { access_token: 'a', issued_at: 10 },
    })
    expect(parsed).toEqual({
      type: 'AUTH_TOKENS',
      tokens: {
        access_token: 'a',
        refresh_token: undefined,
        token_type: 'Bearer',
        expires_in: 900,
        refresh_expires_in: undefined,
        issued_at: 10,
      },
    })
    expect(parseParentMessage({ type: 'AUTH_TOKENS', tokens: {} })).toBeNull()
    expect(parseParentMessage('AUTH_LOGOUT')).toBeNull()
  })

  it('tells the parent about the active prompt at the trusted referrer', () => {
    const { bridge, sent } = bridgeWithMessages()
    bridge.tellActivePrompt({ id: 's1', title: 'T', content: 'C' })
    expect(sent).toEqual([
      [activePromptMessage({ id: 's1', title: 'T', content: 'C' }), 'http://localhost:5173'],
    ])
  })
})
