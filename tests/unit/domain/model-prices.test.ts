import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  costOf,
  formatCost,
  formatTokens,
  MODEL_PRICES,
  totalOf,
  usageOf,
} from '../../../src/domain/model-prices'

describe('model prices', () => {
  it('prices every seeded model', async () => {
    const { seededModels } = await import('../../../db/seed')
    expect(seededModels.map((m) => m.id).filter((id) => !MODEL_PRICES[id])).toEqual([])
  })

  it('a reply costs its prompt tokens at the input price and the rest at the output price', () => {
    // GPT-5: $1.25 in, $10 out per million.
    expect(costOf('gpt-5', { promptTokens: 1000, completionTokens: 500, totalTokens: 1500 })).toBe(
      0.00625,
    )
    expect(
      costOf('server:abc:llama3', { promptTokens: 1, completionTokens: 1, totalTokens: 2 }),
    ).toBeNull()
    expect(
      costOf('constructor', { promptTokens: 1, completionTokens: 1, totalTokens: 2 }),
    ).toBeNull()
  })

  it('a row without counts has no usage; a missing total is the sum', () => {
    expect(usageOf({ modelId: 'gpt-5' })).toBeNull()
    expect(usageOf({ modelId: 'gpt-5', promptTokens: null, completionTokens: null })).toBeNull()
    expect(usageOf({ modelId: 'gpt-5', promptTokens: 3, completionTokens: 4 })).toEqual({
      promptTokens: 3,
      completionTokens: 4,
      totalTokens: 7,
    })
  })

  it('a total counts every reply with usage, and the cost of the priced ones', () => {
    const total = totalOf([
      { modelId: 'gpt-5', promptTokens: 1000, completionTokens: 500, totalTokens: 1500 },
      { modelId: 'server:x:llama', promptTokens: 10, completionTokens: 10, totalTokens: 20 },
      { modelId: 'gpt-5' },
    ])
    expect(total).toEqual({
      replies: 2,
      promptTokens: 1010,
      completionTokens: 510,
      totalTokens: 1520,
      cost: 0.00625,
      unpriced: 1,
    })
  })

  it('formats tokens and dollars for people', () => {
    expect(formatTokens(1)).toBe('1 token')
    expect(formatTokens(12345)).toBe('12,345 tokens')
    expect(formatCost(0)).toBe('$0')
    expect(formatCost(0.00002)).toBe('<$0.0001')
    expect(formatCost(0.00625)).toBe('$0.0063')
    expect(formatCost(0.125)).toBe('$0.125')
    expect(formatCost(0.12)).toBe('$0.12')
    expect(formatCost(12.5)).toBe('$12.50')
  })

  it('any counts: the total is the sum of the parts, never negative', () => {
    const row = fc.record({
      modelId: fc.constantFrom(...Object.keys(MODEL_PRICES), 'server:a:b'),
      promptTokens: fc.option(fc.nat(1_000_000)),
      completionTokens: fc.option(fc.nat(1_000_000)),
    })
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), (rows) => {
        const total = totalOf(rows)
        const costs = rows
          .map((r) => {
            const usage = usageOf(r)
            return usage ? (costOf(r.modelId, usage) ?? 0) : 0
          })
          .reduce((a, b) => a + b, 0)
        expect(total.cost).toBeCloseTo(costs, 9)
        expect(total.totalTokens).toBe(total.promptTokens + total.completionTokens)
        expect(total.cost).toBeGreaterThanOrEqual(0)
        expect(formatCost(total.cost)).toMatch(/^(<)?\$\d/)
      }),
    )
  })
})
