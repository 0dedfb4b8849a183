import { expect, test } from 'vitest'
import { isAllowedRedirect, isTrustedParentOrigin } from '../../../contract/auth-origins'

const AUTH_URL = 'https://auth.example.com/some/path'

test.each([
  ['https://auth.example.com', true],
  ['https://auth.example.com:443', true],
  ['http://auth.example.com', false],
  ['https://auth.example.com:8443', false],
  ['https://evil.auth.example.com', false],
  ['https://auth.example.com.evil.example', false],
  ['http://localhost', true],
  ['http://localhost:5173', true],
  ['https://localhost:3000', true],
  ['http://127.0.0.1:3000', true],
  ['http://[::1]:8080', true],
  ['http://localhost.evil.example', false],
  ['http://127.0.0.1.evil.example', false],
  ['http://127.0.0.2', false],
  ['file://localhost', false],
  ['null', false],
  ['', false],
  ['not a url', false],
])('%s → %s', (origin, trusted) => {
  expect(isTrustedParentOrigin(origin, AUTH_URL)).toBe(trusted)
})

test('a malformed auth URL trusts only local hosts', () => {
  expect(isTrustedParentOrigin('https://auth.example.com', 'not a url')).toBe(false)
  expect(isTrustedParentOrigin('http://localhost:3000', 'not a url')).toBe(true)
})

const OWN_ORIGIN = 'https://app.example.com'

test.each([
  ['https://app.example.com/chat?x=1', true],
  ['http://localhost:5173/', true],
  ['http://[::1]:3000/', true],
  ['https://evil.example/', false],
  ['https://user:pw@app.example.com/', false],
  ['javascript:alert(1)', false],
  ['/relative', false],
])('redirect to %s → %s', (target, allowed) => {
  expect(isAllowedRedirect(target, OWN_ORIGIN)).toBe(allowed)
})
