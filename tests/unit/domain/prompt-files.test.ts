import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readCsv } from '../../../src/domain/csv'
import {
  MAX_IMPORT_PROMPTS,
  planImport,
  promptFileName,
  readPromptFile,
  writePromptFile,
} from '../../../src/domain/prompt-files'

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/prompt-files/${name}`, import.meta.url), 'utf8')

const user = (title: string, content: string) => ({
  title,
  content,
  type: 'user' as const,
  isPublic: false,
})

describe('reading the four formats (the fixtures)', () => {
  it('our own export, with type and visibility', () => {
    expect(readPromptFile(fixture('prompt-chat.json'))).toEqual({
      ok: true,
      source: 'prompt-chat',
      prompts: [
        {
          title: 'Release notes',
          content:
            'Turn these commits into release notes, grouped by "Added", "Fixed" and "Changed".',
          type: 'user',
          isPublic: true,
        },
        {
          title: 'Plain English',
          content: 'Answer in plain English.\nAvoid jargon; explain any term you must use.',
          type: 'system',
          isPublic: false,
        },
      ],
    })
  })

  it('a CSV with RFC 4180 quoting: commas, doubled quotes, a line break, a blank type', () => {
    expect(readPromptFile(fixture('prompts.csv'))).toEqual({
      ok: true,
      source: 'csv',
      prompts: [
        user('Haiku, please', 'Write a haiku about "autumn".'),
        {
          ...user('Code reviewer', 'Review the code I paste.\r\nPoint out bugs first, then style.'),
          type: 'system',
        },
        user('Translate', 'Translate the text into French.'),
      ],
    })
  })

  it("Open WebUI's export: title and content; its {{variables}} stay as text", () => {
    expect(readPromptFile(fixture('open-webui.json'))).toEqual({
      ok: true,
      source: 'open-webui',
      prompts: [
        user('Summarize', 'Summarize the following text in three bullet points:\n\n{{CLIPBOARD}}'),
        user('Email reply', 'Write a short, friendly reply to this e-mail.'),
      ],
    })
  })

  it("LibreChat's prompt groups: the name and the production prompt", () => {
    const groups = fixture('librechat.json')
    const expected = {
      ok: true,
      source: 'librechat',
      prompts: [
        user('SQL explainer', 'Explain what this SQL query does, clause by clause: {{query}}'),
        user('Meeting notes', 'Turn these notes into minutes with decisions and action items.'),
      ],
    }
    expect(readPromptFile(groups)).toEqual(expected)
    // The paged list (`GET /api/prompts/groups`) wraps the same groups.
    const paged = JSON.stringify({ promptGroups: JSON.parse(groups), pageNumber: '1', pages: 1 })
    expect(readPromptFile(paged)).toEqual(expected)
  })
})

describe('a malformed file of each format says what is wrong', () => {
  it.each([
    ['prompt-chat-bad.json', 'Prompt 2 has a type other than user or system.'],
    ['prompts-bad.csv', 'CSV row 3 has a quote that is never closed.'],
    ['open-webui-bad.json', 'Prompt 2 has no content.'],
    ['librechat-bad.json', 'Prompt group 1 has no prompt text (productionPrompt.prompt).'],
  ])('%s', (name, message) => {
    expect(readPromptFile(fixture(name))).toEqual({ ok: false, message })
  })

  it.each([
    ['not JSON', '{"format": "prompt-chat",', 'This file is not valid JSON.'],
    ['another JSON shape', '{"hello": "world"}', expect.stringMatching(/^This is not a prompt/)],
    ['a list of numbers', '[1, 2]', expect.stringMatching(/^This is not a prompt/)],
    ['an empty list', '[]', 'This file holds no prompts.'],
    ['an empty file', '', 'This file holds no prompts.'],
    [
      'a newer version of ours',
      '{"format": "prompt-chat", "version": 2, "prompts": []}',
      'This file was made by a newer version of Prompt Chat (format version 2).',
    ],
    [
      'ours without a list',
      '{"format": "prompt-chat", "version": 1}',
      expect.stringMatching(/^This is not a prompt/),
    ],
    [
      'ours with a blank title',
      '{"format":"prompt-chat","version":1,"prompts":[{"title":" ","content":"c","type":"user","isPublic":false}]}',
      'Prompt 1 has no title.',
    ],
    [
      'ours without isPublic',
      '{"format":"prompt-chat","version":1,"prompts":[{"title":"t","content":"c","type":"user"}]}',
      'Prompt 1 has no isPublic.',
    ],
    [
      'a NUL character',
      '{"format":"prompt-chat","version":1,"prompts":[{"title":"t","content":"a\\u0000b","type":"user","isPublic":false}]}',
      'Prompt 1 holds a NUL character, which cannot be stored.',
    ],
    [
      'a CSV without the header',
      'Haiku,Write a haiku,user\n',
      'The first row of a CSV file must name its columns: title,content,type.',
    ],
    [
      'a CSV row with too few fields',
      'title,content,type\nHaiku,Write a haiku\n',
      'CSV row 2 has 2 fields, but the header names 3.',
    ],
    [
      'a CSV with text after a quote',
      'title,content\n"Haiku"x,Write\n',
      'CSV row 2 has text right after a closing quote.',
    ],
    [
      'a CSV with another type',
      'title,content,type\nHaiku,Write a haiku,assistant\n',
      'CSV row 2 has a type other than user or system.',
    ],
    [
      'a CSV with a blank content',
      'title,content,type\nHaiku,  ,user\n',
      'CSV row 2 has no content.',
    ],
  ])('%s', (_, text, message) => {
    expect(readPromptFile(text)).toEqual({ ok: false, message })
  })

  it(`refuses more than ${MAX_IMPORT_PROMPTS} prompts, in any format`, () => {
    const many = Array.from({ length: MAX_IMPORT_PROMPTS + 1 }, (_, i) => user(`T${i}`, 'c'))
    const tooMany = 'This file holds more than 5,000 prompts. Split it into smaller files.'
    expect(readPromptFile(writePromptFile(many, new Date(0)))).toEqual({
      ok: false,
      message: tooMany,
    })
    const csv = ['title,content', ...many.map((p) => `${p.title},c`)].join('\n')
    expect(readPromptFile(csv)).toEqual({ ok: false, message: tooMany })
    // Exactly 5,000 is fine.
    expect(readPromptFile(writePromptFile(many.slice(1), new Date(0))).ok).toBe(true)
  })
})

describe('CSV details', () => {
  it('takes the columns in any order, ignores others, and any case of the type', () => {
    const text = '\uFEFFType,Notes,Content,TITLE\nSYSTEM,x,Be brief,Brief\n\n'
    expect(readPromptFile(text)).toEqual({
      ok: true,
      source: 'csv',
      prompts: [{ title: 'Brief', content: 'Be brief', type: 'system', isPublic: false }],
    })
  })

  it('reads CR, LF and CRLF line ends, and no line end at the end', () => {
    expect(readCsv('a,b\rc,d\ne,f\r\ng,h')).toEqual({
      ok: true,
      rows: [
        ['a', 'b'],
        ['c', 'd'],
        ['e', 'f'],
        ['g', 'h'],
      ],
    })
    expect(readCsv('"",x\n,\n')).toEqual({
      ok: true,
      rows: [
        ['', 'x'],
        ['', ''],
      ],
    })
  })

  it('a header-only CSV holds no prompts, which is no error', () => {
    expect(readPromptFile('title,content,type\r\n')).toEqual({
      ok: true,
      source: 'csv',
      prompts: [],
    })
  })
})

describe('our export', () => {
  it('is versioned JSON with the date, named after the day', () => {
    const at = new Date('2026-06-30T23:59:00Z')
    const text = writePromptFile([{ ...user('T', 'C'), isPublic: true }], at)
    expect(JSON.parse(text)).toEqual({
      format: 'prompt-chat',
      version: 1,
      exportedAt: '2026-06-30T23:59:00.000Z',
      prompts: [{ title: 'T', content: 'C', type: 'user', isPublic: true }],
    })
    expect(promptFileName(at)).toBe('prompt-chat-prompts-2026-06-30.json')
  })
})

describe('the import plan', () => {
  it('skips the ones I have (same title and content) and repeats within the file', () => {
    const mine = [{ title: 'A', content: 'one' }]
    const file = [
      user('A', 'one'),
      { ...user('A', 'one'), type: 'system' as const },
      user('A', 'two'),
      user('B', 'one'),
      user('B', 'one'),
    ]
    expect(planImport(file, mine)).toEqual({
      add: [user('A', 'two'), user('B', 'one')],
      duplicates: [user('A', 'one'), { ...user('A', 'one'), type: 'system' }, user('B', 'one')],
    })
  })
})
