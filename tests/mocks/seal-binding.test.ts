import { createCipheriv, createHmac, randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { createApiKeyCipher, sealingKey } from '../../mocks/platform/crypto/api-key-cipher'
import { deriveKey } from '../../mocks/platform/crypto/derive-key'
import type { SealBinding } from '../../mocks/platform/crypto/seal-binding'

// docs/security.md, "Seals bound to their row": a seal opens only for the table, column,
// owner and primary key it was made for, and older unbound seals are made into bound ones.

const SECRET = 'seal-binding-secret-that-is-at-least-32-chars'
const cipher = createApiKeyCipher(SECRET)
const row: SealBinding = {
  table: 'user_api_keys',
  column: 'api_key_encrypted',
  owner: 'user_alice',
  key: ['user_alice', 'key_1'],
}

test('a seal opens for its own binding only', () => {
  const sealed = cipher.seal('c2stYWxpY2U=', row)
  expect(sealed).toMatch(/^aescbc-hmac:v3:[0-9a-f]{32}:[0-9a-f]{64}:[0-9a-f]+$/)
  expect(cipher.open(sealed, row)).toBe('c2stYWxpY2U=')
  for (const other of [
    { ...row, table: 'model_servers' },
    { ...row, column: 'other_column' },
    { ...row, owner: 'user_bob' },
    { ...row, key: ['user_alice', 'key_2'] },
    { ...row, key: ['user_alice'] },
  ]) {
    expect(() => cipher.open(sealed, other)).toThrow('bad seal')
  }
  expect(() => createApiKeyCipher(`${SECRET}-other`).open(sealed, row)).toThrow('bad seal')
  expect(() => cipher.open('c2stYWxpY2U=', row)).toThrow('not a sealed value')
})

test('no two different bindings share bytes, however their parts are cut', () => {
  const part = fc.string({ maxLength: 6 })
  const binding = fc.record({
    table: part,
    column: part,
    owner: part,
    key: fc.array(part, { minLength: 1, maxLength: 3 }),
  })
  fc.assert(
    fc.property(binding, binding, (a, b) => {
      fc.pre(JSON.stringify(a) !== JSON.stringify(b))
      expect(() => cipher.open(cipher.seal('secret', a), b)).toThrow()
    }),
    { numRuns: 300 },
  )
})

test('an unbound v2 seal, as the database made them, is resealed for its row', () => {
  const key = sealingKey(SECRET)
  const iv = randomBytes(16)
  const aes = createCipheriv('aes-256-cbc', key.subarray(0, 32), iv)
  const data = Buffer.concat([aes.update('djItc2VhbA==', 'utf8'), aes.final()])
  const mac = createHmac('sha256', key.subarray(32))
    .update(Buffer.concat([iv, data]))
    .digest()
  const v2 = `aescbc-hmac:v2:${iv.toString('hex')}:${mac.toString('hex')}:${data.toString('hex')}`

  const bound = cipher.reseal(v2, row)
  expect(bound).toMatch(/^aescbc-hmac:v3:/)
  expect(cipher.open(bound!, row)).toBe('djItc2VhbA==')
  expect(() => cipher.open(bound!, { ...row, owner: 'user_bob' })).toThrow('bad seal')
  // v2 itself no longer opens anywhere, and another server's v2 is not resealed.
  expect(() => cipher.open(v2, row)).toThrow('not a sealed value')
  expect(createApiKeyCipher(`${SECRET}-other`).reseal(v2, row)).toBeNull()
  expect(
    cipher.reseal(
      v2.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
      row,
    ),
  ).toBeNull()
})

test('a v1 seal of before the database sealed is resealed for its row', () => {
  const iv = randomBytes(12)
  const gcm = createCipheriv('aes-256-gcm', deriveKey(SECRET, 'api-key-encryption'), iv)
  const data = Buffer.concat([gcm.update('djEta2V5', 'utf8'), gcm.final()])
  const v1 = `aesgcm:v1:${iv.toString('base64')}:${gcm.getAuthTag().toString('base64')}:${data.toString('base64')}`

  const bound = cipher.reseal(v1, row)
  expect(cipher.open(bound!, row)).toBe('djEta2V5')
  expect(cipher.reseal('plain text', row)).toBeNull()
})
