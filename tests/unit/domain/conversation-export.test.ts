import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../../src/domain/chat-message'
import {
  asJson,
  asMarkdown,
  exportFileName,
  exportOf,
} from '../../../src/domain/conversation-export'

const message = (n: number, more: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `m${n}`,
  userId: 'u',
  modelId: 'claude-haiku-4-5',
  role: n % 2 === 1 ? 'user' : 'assistant',
  content: `text ${n}`,
  systemPromptId: null,
  createdAt: `2026-05-01T10:0${n}:00.000Z`,
  ...more,
})
const names = (id: string) => (id === 'claude-haiku-4-5' ? 'Claude Haiku 4.5' : id)
const NOW = new Date('2026-11-30T09:30:00.000Z')

describe('a conversation exported', () => {
  it('as Markdown: the title, then each message in order under its speaker and time', () => {
    const path = [
      message(1),
      message(2),
      message(3, { failure: 'Rate limited' }),
      message(4, { status: 'stopped' }),
    ]
    const text = asMarkdown(exportOf({ title: 'Trip to Porto' }, path, names, NOW))
    expect(text).toBe(
      `${[
        '# Trip to Porto',
        'Exported 2026-11-30 09:30 UTC · 4 messages',
        '---\n\n**You** · 2026-05-01 10:01 UTC\n\ntext 1',
        '---\n\n**Claude Haiku 4.5** · 2026-05-01 10:02 UTC\n\ntext 2',
        '---\n\n**You** · 2026-05-01 10:03 UTC (not sent: Rate limited)\n\ntext 3',
        '---\n\n**Claude Haiku 4.5** · 2026-05-01 10:04 UTC (stopped)\n\ntext 4',
      ].join('\n\n')}\n`,
    )
  })

  it('as JSON: title, time, and each message with its model name (its id when unknown)', () => {
    const path = [message(1), message(2, { modelId: 'my-server/llama' })]
    expect(JSON.parse(asJson(exportOf({ title: 'T' }, path, names, NOW)))).toEqual({
      title: 'T',
      exportedAt: '2026-11-30T09:30:00.000Z',
      messages: [
        { role: 'user', model: null, at: '2026-05-01T10:01:00.000Z', content: 'text 1' },
        {
          role: 'assistant',
          model: 'my-server/llama',
          at: '2026-05-01T10:02:00.000Z',
          content: 'text 2',
        },
      ],
    })
  })

  it('one message is "1 message"; none is an empty conversation with its title', () => {
    expect(asMarkdown(exportOf({ title: 'One' }, [message(1)], names, NOW))).toContain(
      '· 1 message\n',
    )
    expect(asMarkdown(exportOf({ title: 'None' }, [], names, NOW))).toBe(
      '# None\n\nExported 2026-11-30 09:30 UTC · 0 messages\n',
    )
  })

  it('names the file after the title, without what file systems refuse', () => {
    expect(exportFileName('Trip to Porto', 'markdown')).toBe('Trip to Porto.md')
    expect(exportFileName('a/b\\c: "d" <e>|f?*', 'json')).toBe('a b c d e f.json')
    expect(exportFileName('..hidden', 'markdown')).toBe('hidden.md')
    expect(exportFileName('  ', 'json')).toBe('conversation.json')
    expect(exportFileName('x'.repeat(200), 'markdown')).toBe(`${'x'.repeat(80)}.md`)
  })
})
