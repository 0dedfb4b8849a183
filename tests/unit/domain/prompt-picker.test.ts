import { describe, expect, it } from 'vitest'
import {
  matchPickerPrompts,
  type PickerPrompt,
  pickerPrompts,
  replaceSlashQuery,
  slashQueryAt,
} from '../../../src/domain/prompt-picker'
import { libraryPrompt } from '../../machine/prompt-fixtures'

const offered = (title: string, id = title): PickerPrompt => ({
  id,
  title,
  content: `${title} content`,
  type: 'user',
  quick: false,
})

describe('the / picker', () => {
  it('a / at the start or after whitespace starts a query; whitespace ends it', () => {
    expect(slashQueryAt('/', 1)).toEqual({ start: 0, query: '' })
    expect(slashQueryAt('/sum', 4)).toEqual({ start: 0, query: 'sum' })
    expect(slashQueryAt('hi /tr', 6)).toEqual({ start: 3, query: 'tr' })
    expect(slashQueryAt('hi\n/tr', 6)).toEqual({ start: 3, query: 'tr' })
    expect(slashQueryAt('hi /tr more', 6)).toEqual({ start: 3, query: 'tr' })
    expect(slashQueryAt('/tr ', 4)).toBeNull()
    expect(slashQueryAt('and/or', 4)).toBeNull()
    expect(slashQueryAt('http://x', 6)).toBeNull()
    expect(slashQueryAt('hi', 2)).toBeNull()
    expect(slashQueryAt('', 0)).toBeNull()
    expect(slashQueryAt('/x', 0)).toBeNull()
  })

  it('replaces only the /query, and the caret goes after the insert', () => {
    expect(replaceSlashQuery('hi /tr there', { start: 3, query: 'tr' }, 'Translate')).toEqual({
      text: 'hi Translate there',
      caret: 12,
    })
    expect(replaceSlashQuery('/', { start: 0, query: '' }, 'X')).toEqual({ text: 'X', caret: 1 })
  })

  it('matches titles ignoring case and spaces, titles that start with it first', () => {
    const prompts = [offered('Code review'), offered('Summarise text'), offered('Review notes')]
    expect(matchPickerPrompts(prompts, '').map((p) => p.title)).toEqual([
      'Code review',
      'Summarise text',
      'Review notes',
    ])
    expect(matchPickerPrompts(prompts, 'REV').map((p) => p.title)).toEqual([
      'Review notes',
      'Code review',
    ])
    expect(matchPickerPrompts(prompts, 'summarisetext').map((p) => p.title)).toEqual([
      'Summarise text',
    ])
    expect(matchPickerPrompts(prompts, 'zzz')).toEqual([])
  })

  it('offers the quick prompts first, then own user prompts, each once', () => {
    const mine = [
      libraryPrompt({ id: 'u1', title: 'Mine', type: 'user' }),
      libraryPrompt({ id: 's1', title: 'System', type: 'system' }),
      libraryPrompt({ id: 'q1', title: 'Also quick', type: 'user' }),
    ]
    const quick = [
      { id: 'e1', prompt: libraryPrompt({ id: 'q1', title: 'Also quick' }) },
      { id: 'e2', prompt: libraryPrompt({ id: 's2', title: 'Quick system', type: 'system' }) },
    ]
    expect(pickerPrompts(mine, quick).map((p) => [p.id, p.quick])).toEqual([
      ['q1', true],
      ['s2', true],
      ['u1', false],
    ])
  })
})
