import { expect, test } from 'vitest'
import {
  isAllowedRedirect,
  isTrustedParentOrigin,
  parseOriginList,
  trustedParentOrigins,
} from '../../../contract/auth-origins'

const AUTH_URL = 'https://auth.example.com/some/path'
const TRUSTED = trustedParentOrigins(AUTH_URL, 'https://app.example.com', ['http://localhost:5173'])

test('the trusted parents are the auth host, the app and the configured development origins', () => {
  expect(TRUSTED).toEqual([
    'https://auth.example.com',
    'https://app.example.com',
    'http://localhost:5173',
  ])
  // The app served by the auth host itself (the local platform): one origin, once.
  expect(trustedParentOrigins('http://localhost:3000', 'http://localhost:3000/', [])).toEqual([
    'http://localhost:3000',
  ])
})

test.each([
  ['https://auth.example.com', true],
  ['https://app.example.com', true],
  ['http://localhost:5173', true],
  ['https://auth.example.com:443', false], // a browser never spells an origin so
  ['http://auth.example.com', false],
  ['https://auth.example.com:8443', false],
  ['https://evil.auth.example.com', false],
  ['https://auth.example.com.evil.example', false],
  // Another port on this machine is another site: it may not sign the app in or out.
  ['http://localhost', false],
  ['http://localhost:3000', false],
  ['https://localhost:5173', false],
  ['http://127.0.0.1:5173', false],
  ['http://[::1]:8080', false],
  ['http://localhost.evil.example', false],
  ['file://localhost', false],
  ['null', false],
  ['', false],
  ['not a url', false],
])('%s → %s', (origin, trusted) => {
  expect(isTrustedParentOrigin(origin, TRUSTED)).toBe(trusted)
})

test('only an origin spelled as a browser spells it is trusted, whatever the list holds', () => {
  // A list written by hand, not through trustedParentOrigins: a trailing slash is not an origin.
  expect(isTrustedParentOrigin('https://a.example/', ['https://a.example/'])).toBe(false)
  expect(isTrustedParentOrigin('not a url', ['not a url'])).toBe(false)
  expect(isTrustedParentOrigin('https://a.example', ['https://a.example'])).toBe(true)
})

test('a malformed auth URL is left out, not trusted', () => {
  expect(trustedParentOrigins('not a url', 'http://localhost:3000', [])).toEqual([
    'http://localhost:3000',
  ])
})

test("the configured development origins: unset means Vite's dev server, empty means none", () => {
  expect(parseOriginList(undefined)).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173'])
  expect(parseOriginList('')).toEqual([])
  expect(parseOriginList(' https://a.example:443, http://localhost:8080 ')).toEqual([
    'https://a.example',
    'http://localhost:8080',
  ])
  // An origin is a scheme, a host and a port: a path, a query, a fragment or a user is not one.
  for (const bad of [
    'localhost:8080',
    'https://a.example/path',
    'https://a.example?x=1',
    'https://a.example#top',
    'https://me@a.example',
    // An origin of another scheme: the app and its parents speak http(s) alone.
    'ftp://a.example',
    'ws://localhost:8080',
    'javascript:x',
    '*',
  ]) {
    expect(() => parseOriginList(bad), bad).toThrow(/Not an http\(s\) origin/)
  }
})

const OWN_ORIGIN = 'https://app.example.com'

test.each([
  ['https://app.example.com/chat?x=1', true],
  ['http://localhost:5173/', true],
  // Another port on this machine is a stranger: the code would sign it in as the user.
  ['http://localhost:6666/', false],
  ['http://[::1]:3000/', false],
  ['http://127.0.0.1:5173/', false],
  ['https://evil.example/', false],
  ['https://user:pw@app.example.com/', false],
  ['javascript:alert(1)', false],
  ['/relative', false],
])('redirect to %s → %s', (target, allowed) => {
  expect(isAllowedRedirect(target, OWN_ORIGIN, ['http://localhost:5173'])).toBe(allowed)
})
