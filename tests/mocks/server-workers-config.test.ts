import { expect, test } from 'vitest'
import { readServerConfig } from '../../mocks/server/server-config'

// WORKERS: how many processes serve the port; more than one only over PostgreSQL
// (docs/wire-contract.md, "Several servers on one PostgreSQL").

const POSTGRES = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }

test('one process unless WORKERS says otherwise', () => {
  expect(readServerConfig({}).workers).toBe(1)
  expect(readServerConfig({ WORKERS: '' }).workers).toBe(1)
  expect(readServerConfig({ WORKERS: '1' }).workers).toBe(1)
})

test('any number of workers over PostgreSQL', () => {
  expect(readServerConfig({ ...POSTGRES, WORKERS: '2' }).workers).toBe(2)
  expect(readServerConfig({ ...POSTGRES, WORKERS: '16' }).workers).toBe(16)
  expect(readServerConfig({ ...POSTGRES, WORKERS: '256' }).workers).toBe(256)
})

test.each(['0', '-1', '1.5', '2x', ' 2', 'two', '1e3', 'Infinity', '257', '99999999999999999999'])(
  'WORKERS=%j is refused, naming what it takes',
  (value) => {
    expect(() => readServerConfig({ ...POSTGRES, WORKERS: value })).toThrow(
      `WORKERS must be a whole number from 1 to 256, got "${value}"`,
    )
  },
)

test('more than one worker on PGlite is refused, saying why', () => {
  expect(() => readServerConfig({ WORKERS: '2' })).toThrow(
    'WORKERS=2 needs DATABASE_URL: PGlite is an embedded database that only one process can open, so without PostgreSQL the server runs as one process (WORKERS=1)',
  )
})
