import { expect, test } from 'vitest'
import { createRecordId } from '../../../src/platform/record-id'

test('record ids are 32 lowercase hex characters and do not repeat', () => {
  const ids = Array.from({ length: 200 }, createRecordId)
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/)
  expect(new Set(ids).size).toBe(ids.length)
})
