import { describe, expect, it } from 'vitest'
import { FOLDERS_MAX_ROWS } from '../../../db/migrations/folder-limit'
import {
  type ConversationFolder,
  checkFolderName,
  FOLDERS_MAX,
} from '../../../src/domain/conversation-folder'

const folder = (id: string, name: string): ConversationFolder => ({
  id,
  userId: 'u1',
  name,
  createdAt: '2026-11-30T12:00:00.000Z',
})

describe('a folder name', () => {
  it('is trimmed, and refused empty, over 40 characters, or taken whatever its case', () => {
    const work = [folder('f1', 'Work')]
    expect(checkFolderName('  Ideas  ', work)).toEqual({ ok: true, name: 'Ideas' })
    expect(checkFolderName('   ', work)).toEqual({
      ok: false,
      message: 'Folder name cannot be empty',
    })
    expect(checkFolderName('x'.repeat(41), work)).toEqual({
      ok: false,
      message: 'Folder name must be at most 40 characters',
    })
    // Forty characters, counted as the user sees them (an emoji is one).
    expect(checkFolderName('🗂'.repeat(40), work).ok).toBe(true)
    expect(checkFolderName('WORK', work)).toEqual({
      ok: false,
      message: 'You already have a folder with this name',
    })
    // Renaming a folder to its own name in another case is no clash.
    expect(checkFolderName('WORK', work, 'f1')).toEqual({ ok: true, name: 'WORK' })
  })

  it('is refused for a 51st folder, as the database refuses it; renaming one of 50 is fine', () => {
    const fifty = Array.from({ length: 50 }, (_, i) => folder(`f${i}`, `Folder ${i}`))
    expect(checkFolderName('One more', fifty.slice(0, 49))).toEqual({ ok: true, name: 'One more' })
    expect(checkFolderName('One more', fifty)).toEqual({
      ok: false,
      message: 'You can keep at most 50 folders',
    })
    expect(checkFolderName('Renamed', fifty, 'f3')).toEqual({ ok: true, name: 'Renamed' })
    expect(FOLDERS_MAX).toBe(FOLDERS_MAX_ROWS)
  })
})
