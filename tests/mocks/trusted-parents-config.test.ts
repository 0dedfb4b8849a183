import { expect, test } from 'vitest'
import { readServerConfig } from '../../mocks/server/server-config'

// VITE_TRUSTED_PARENT_ORIGINS: the pages beside the app's own that may frame it (docs/security.md).

test('unset, only Vite dev server may frame the app beside the app itself', () => {
  expect(readServerConfig({}).trustedParentOrigins).toEqual([
    'http://localhost:5173',
    'http://127.0.0.1:5173',
  ])
})

test('configured, exactly the listed origins; empty, none', () => {
  expect(
    readServerConfig({ VITE_TRUSTED_PARENT_ORIGINS: 'https://dash.example.com' })
      .trustedParentOrigins,
  ).toEqual(['https://dash.example.com'])
  expect(readServerConfig({ VITE_TRUSTED_PARENT_ORIGINS: '' }).trustedParentOrigins).toEqual([])
})

test('an entry that is not an origin is refused at start', () => {
  expect(() => readServerConfig({ VITE_TRUSTED_PARENT_ORIGINS: 'localhost:*' })).toThrow(
    'Not an http(s) origin such as https://app.example.com: "localhost:*"',
  )
})
