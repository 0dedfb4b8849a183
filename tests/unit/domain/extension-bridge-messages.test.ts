import { describe, expect, it } from 'vitest'
import { parseExtensionRequest } from '../../../src/domain/extension-bridge-messages'

describe('reading an extension request (docs/product/calls.md#extension-bridge)', () => {
  it('keeps only the fields each request declares', () => {
    expect(parseExtensionRequest({ type: 'GET_USER_DATA', userId: 'u1', extra: 1 })).toEqual({
      type: 'GET_USER_DATA',
    })
    expect(
      parseExtensionRequest({ type: 'GET_PROMPTS_DATA', userId: 'u1', promptId: 'p' }),
    ).toEqual({ type: 'GET_PROMPTS_DATA', userId: 'u1' })
    expect(
      parseExtensionRequest({
        type: 'UPDATE_SYSTEM_PROMPT',
        userId: 'u1',
        promptId: 'p1',
        isActive: false,
        html: '<img>',
      }),
    ).toEqual({ type: 'UPDATE_SYSTEM_PROMPT', userId: 'u1', promptId: 'p1', isActive: false })
  })

  it('is null for anything else, and for data that throws when read', () => {
    const throwing = Object.defineProperty({}, 'type', {
      get() {
        throw new Error('no')
      },
    })
    const revoked = Proxy.revocable({}, {})
    revoked.revoke()
    for (const data of [
      undefined,
      [],
      ['GET_USER_DATA'],
      { type: 'UPDATE_SYSTEM_PROMPT', userId: 'u1', promptId: '', isActive: true },
      { type: 'UPDATE_SYSTEM_PROMPT', userId: 'u1', promptId: 'p1' },
      { type: 'NO_USER' },
      throwing,
      revoked.proxy,
    ])
      expect(parseExtensionRequest(data)).toBeNull()
  })
})
