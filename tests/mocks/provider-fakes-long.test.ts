import fc from 'fast-check'
import { beforeEach, describe, expect, test } from 'vitest'
import { providerHandlers } from '../../mocks/msw/provider-handlers'
import { createProviderFakes } from '../../mocks/providers/create-provider-fakes'
import { fakeReply, longReply } from '../../mocks/providers/fake-reply'
import { tokensOf } from '../../mocks/providers/fake-stream'
import { MAX_LONG_TOKENS, readTriggers } from '../../mocks/providers/fake-triggers'
import type { ProviderName } from '../../src/domain/chat-types'
import { sendChat } from '../../src/providers/send-chat'
import { mswServer } from '../support/msw-server'

// `[long:N]`: the long markdown reply the streaming benchmark renders (fake-reply.ts).
const input = (message: string) => ({
  providerLabel: 'OpenAI',
  model: 'gpt-4o',
  lastUserMessage: message,
  systemPrompt: undefined,
  turnCount: 1,
})

describe('[long:N]', () => {
  test.each([
    ['Hi', undefined],
    ['[long:5000]', 5000],
    ['a [LONG:12] b', 12],
    ['[long:0]', undefined],
    ['[long:999999]', MAX_LONG_TOKENS],
  ])('%s reads as %s tokens', (message, longTokens) => {
    expect(readTriggers(message).longTokens).toBe(longTokens)
  })

  test('gives a reply of exactly N tokens, as the fakes stream them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), (n) => {
        expect(tokensOf(fakeReply(input(`go [long:${n}]`)))).toHaveLength(n)
      }),
      { numRuns: 60 },
    )
    expect(tokensOf(fakeReply(input('[long:5000]')))).toHaveLength(5000)
  })

  test('mixes headings, paragraphs, lists, quotes, tables and closed fenced code', () => {
    const reply = fakeReply(input('[long:5000] [rate:50]'))
    expect(reply).toBe(longReply({ providerLabel: 'OpenAI', model: 'gpt-4o' }, 5000))
    expect(reply).toMatch(/^\*\*OpenAI fake reply\*\* \(gpt-4o\)/)
    for (const mark of [/^## /m, /^- /m, /^1\. /m, /^> /m, /^\| --- \|/m, /\*\*\w+\*\*/]) {
      expect(reply).toMatch(mark)
    }
    for (const language of ['ts', 'python', 'bash'])
      expect(reply).toContain(`\n\`\`\`${language}\n`)
    const fences = reply.match(/^```/gm) ?? []
    expect(fences.length).toBeGreaterThan(20)
    expect(fences.length % 2).toBe(0)
    expect(reply).not.toContain('You said:')
  })
})

describe.each(['openai', 'anthropic', 'google'] as const)(
  '%s fake, [long:N] streamed',
  (provider) => {
    let slept: number[]
    beforeEach(() => {
      slept = []
      const fakes = createProviderFakes({
        sleep: async (ms) => {
          slept.push(ms)
        },
        now: () => 1_700_000_000_000,
      })
      mswServer.use(...providerHandlers(fakes))
    })

    test('sends the N tokens one per chunk, at the rate asked for', async () => {
      const keys: Record<ProviderName, string> = {
        openai: 'sk-test-1',
        anthropic: 'sk-ant-test-1',
        google: 'AIza-test-1',
      }
      const request = {
        provider,
        apiKey: keys[provider],
        model: 'm1',
        messages: [{ role: 'user' as const, content: 'Explain [long:400] [rate:50]' }],
      }
      const deltas: string[] = []
      const streamed = await sendChat(request, { onDelta: (text) => deltas.push(text) })
      expect(deltas).toHaveLength(400)
      expect(deltas.join('')).toBe(streamed.content)
      expect(tokensOf(streamed.content)).toHaveLength(400)
      expect(slept).toEqual(deltas.map(() => 20))
      expect((await sendChat(request)).content).toBe(streamed.content)
    })
  },
)
