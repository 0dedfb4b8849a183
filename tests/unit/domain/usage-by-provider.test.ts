import { describe, expect, it } from 'vitest'
import { monthStart, providerLabel, usageByProvider } from '../../../src/domain/usage-by-provider'

const MODELS = [
  { id: 'gpt-5', provider: 'openai' },
  { id: 'claude-haiku-4-5', provider: 'Anthropic' },
  { id: 'gemini-2.5-flash', provider: 'google' },
]
const reply = (modelId: string, promptTokens: number, completionTokens: number) => ({
  modelId,
  promptTokens,
  completionTokens,
  totalTokens: promptTokens + completionTokens,
})

describe('usage by provider', () => {
  it('groups replies in the listed order, servers and unlisted models last, empty ones left out', () => {
    const groups = usageByProvider(
      [
        reply('claude-haiku-4-5', 100, 50),
        reply('gpt-5', 1000, 500),
        reply('server:abc:llama3', 10, 10),
        reply('gpt-3', 1, 1),
        { modelId: 'gpt-5' },
      ],
      MODELS,
    )
    expect(groups.map((g) => [g.provider, g.total.totalTokens, g.total.replies])).toEqual([
      ['openai', 1500, 1],
      ['anthropic', 150, 1],
      ['servers', 20, 1],
      ['other', 2, 1],
    ])
    expect(groups[0]!.total.cost).toBe(0.00625)
    expect(groups[2]!.total.unpriced).toBe(1)
    expect(groups.map((g) => providerLabel(g.provider))).toEqual([
      'OpenAI',
      'Anthropic',
      'Your servers',
      'Other models',
    ])
  })

  it('the month starts at local midnight on the 1st', () => {
    const start = new Date(monthStart(new Date(2026, 10, 24, 15, 30)))
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours()]).toEqual([
      2026, 10, 1, 0,
    ])
  })
})
