import { describe, expect, it } from 'vitest'
import {
  activePromptMessage,
  notifyParent,
  parentTargetOrigin,
} from '../../src/bindings/prompt-parent'

const AUTH = 'https://auth.example.com'

describe('telling the parent window about the active system prompt', () => {
  it('targets a trusted referrer, else the auth host; never *', () => {
    expect(parentTargetOrigin('http://localhost:5173/page', AUTH)).toBe('http://localhost:5173')
    expect(parentTargetOrigin('https://auth.example.com/embed', AUTH)).toBe(AUTH)
    expect(parentTargetOrigin('https://evil.example/', AUTH)).toBe(AUTH)
    expect(parentTargetOrigin('', AUTH)).toBe(AUTH)
  })

  it('sends id, title, content and isActive=true, or an empty prompt on deactivation', () => {
    const sent: Array<[unknown, string]> = []
    const parent = {
      postMessage: (message: unknown, origin: string) => void sent.push([message, origin]),
    }
    notifyParent(parent, '', AUTH, { id: 's1', title: 'T', content: 'C' })
    notifyParent(parent, '', AUTH, null)
    notifyParent(null, '', AUTH, null) // not in an iframe: nobody to tell
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
