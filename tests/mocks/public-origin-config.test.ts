import { expect, test } from 'vitest'
import { readServerConfig } from '../../mocks/server/server-config'

// PUBLIC_ORIGIN names the one origin whose /fixtures/ pages the data API reads in-process.

test('PUBLIC_ORIGIN is kept as an origin: scheme, host and port only', () => {
  expect(
    readServerConfig({ PUBLIC_ORIGIN: 'https://Chat.Example.com:443/app/' }).publicOrigin,
  ).toBe('https://chat.example.com')
  expect(readServerConfig({ PUBLIC_ORIGIN: 'http://localhost:8080' }).publicOrigin).toBe(
    'http://localhost:8080',
  )
})

test('unset, the server derives it from where it listens', () => {
  expect(readServerConfig({}).publicOrigin).toBeUndefined()
})

test.each(['chat.example.com', 'ftp://chat.example.com', 'not a url'])(
  'PUBLIC_ORIGIN=%s is refused at start',
  (value) => {
    expect(() => readServerConfig({ PUBLIC_ORIGIN: value })).toThrow(
      `PUBLIC_ORIGIN must be an http(s) origin such as https://chat.example.com, got "${value}"`,
    )
  },
)
