import { describe, expect, test } from 'vitest'
import {
  createTokenStore,
  isAccessTokenExpired,
  TOKEN_STORAGE_KEY,
} from '../../../src/platform/token-store'
import type { KeyValueStorage, TokenSet } from '../../../src/platform/types'

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial))
  const storage: KeyValueStorage = {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  }
  return { map, storage }
}

const tokens: TokenSet = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  token_type: 'Bearer',
  expires_in: 900,
  refresh_expires_in: 2_592_000,
  issued_at: 1_700_000_000,
}

describe('token store', () => {
  test('writes the token set as JSON under auth_tokens and reads it back', () => {
    const { map, storage } = memoryStorage()
    const store = createTokenStore(storage)
    store.write(tokens)
    expect(TOKEN_STORAGE_KEY).toBe('auth_tokens')
    expect(JSON.parse(map.get('auth_tokens')!)).toEqual(tokens)
    expect(store.read()).toEqual(tokens)
    store.clear()
    expect(map.has('auth_tokens')).toBe(false)
    expect(store.read()).toBeNull()
  })

  test('nothing stored reads as null', () => {
    expect(createTokenStore(memoryStorage().storage).read()).toBeNull()
  })

  test.each([
    ['{not json'],
    ['null'],
    ['"a string"'],
    ['{"refresh_token":"r"}'],
    ['{"access_token":42}'],
  ])('corrupt value %s reads as null and is removed', (raw) => {
    const { map, storage } = memoryStorage({ auth_tokens: raw })
    expect(createTokenStore(storage).read()).toBeNull()
    expect(map.has('auth_tokens')).toBe(false)
  })
})

describe('isAccessTokenExpired (30 s early, docs/product/limits.md)', () => {
  const expiresAtMs = (tokens.issued_at + tokens.expires_in) * 1000

  test('valid until 30 s before expiry', () => {
    expect(isAccessTokenExpired(tokens, tokens.issued_at * 1000)).toBe(false)
    expect(isAccessTokenExpired(tokens, expiresAtMs - 30_001)).toBe(false)
  })

  test('expired from 30 s before expiry on', () => {
    expect(isAccessTokenExpired(tokens, expiresAtMs - 30_000)).toBe(true)
    expect(isAccessTokenExpired(tokens, expiresAtMs)).toBe(true)
    expect(isAccessTokenExpired(tokens, expiresAtMs + 60_000)).toBe(true)
  })
})
