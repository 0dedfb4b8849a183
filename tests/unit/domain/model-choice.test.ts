import { describe, expect, it } from 'vitest'
import { initialModelId, isListed } from '../../../src/domain/model-choice'

const HAIKU = { id: 'claude-haiku-4-5', provider: 'anthropic' }
const GPT = { id: 'gpt-5', provider: 'OpenAI' }
const GEMINI = { id: 'gemini-2.5-flash', provider: 'google' }
const MODELS = [HAIKU, GPT, GEMINI]

describe('the initial model choice', () => {
  it('the remembered model, when it is still listed, whatever keys there are', () => {
    expect(initialModelId(MODELS, 'gemini-2.5-flash', ['openai'])).toBe('gemini-2.5-flash')
  })

  it('else the first model whose provider has a saved key, providers in any case', () => {
    expect(initialModelId(MODELS, null, ['openai'])).toBe('gpt-5')
    expect(initialModelId(MODELS, null, ['Google', 'openai'])).toBe('gpt-5')
  })

  it('a remembered model no longer listed counts as none', () => {
    expect(isListed(MODELS, 'gpt-4')).toBe(false)
    expect(initialModelId(MODELS, 'gpt-4', ['google'])).toBe('gemini-2.5-flash')
    expect(initialModelId(MODELS, 'gpt-4', [])).toBe('claude-haiku-4-5')
  })

  it('else the first loaded model (the spec default); none when nothing loaded', () => {
    expect(initialModelId(MODELS, null, [])).toBe('claude-haiku-4-5')
    expect(initialModelId(MODELS, null, ['mistral'])).toBe('claude-haiku-4-5')
    expect(initialModelId([], 'gpt-5', ['openai'])).toBeNull()
  })
})
