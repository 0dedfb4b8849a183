import { describe, expect, it } from 'vitest'
import { groupModelsByProvider } from '../../../src/domain/model-groups'
import {
  isServerProvider,
  parseServerModelId,
  providerLabel,
  serverIdOf,
  serverModelId,
  serverProvider,
} from '../../../src/domain/server-models'
import {
  checkServerDraft,
  SERVER_FIELD_MESSAGES as M,
  normaliseBaseUrl,
  serverNameError,
} from '../../../src/domain/server-url'

const ok = (url: string) => ({ ok: true, url })
const refused = (error: string) => ({ ok: false, error })

describe('a server base URL', () => {
  it.each([
    ['http://localhost:11434', 'http://localhost:11434'],
    ['http://localhost:11434/', 'http://localhost:11434'],
    ['http://localhost:11434/v1', 'http://localhost:11434'],
    ['http://localhost:11434/v1/', 'http://localhost:11434'],
    ['  HTTP://LocalHost:11434/V1  ', 'http://localhost:11434'],
    ['https://openrouter.ai/api/v1', 'https://openrouter.ai/api'],
    ['https://example.com:443/', 'https://example.com'],
    ['http://127.0.0.1:1234//v1//', 'http://127.0.0.1:1234'],
    ['http://[::1]:8000/v1', 'http://[::1]:8000'],
    ['http://host/v1x', 'http://host/v1x'],
    ['http://host/proxy/v1/v1', 'http://host/proxy'],
  ])('%s is %s', (input, expected) => {
    expect(normaliseBaseUrl(input)).toEqual(ok(expected))
  })

  it.each([
    ['', M.urlRequired],
    ['   ', M.urlRequired],
    ['localhost:11434', M.urlScheme],
    ['ftp://files.example.com', M.urlScheme],
    ['javascript:alert(1)', M.urlScheme],
    ['file:///etc/passwd', M.urlScheme],
    ['//localhost:11434', M.urlScheme],
    ['http://', M.urlInvalid],
    ['http://local host', M.urlInvalid],
    ['http://localhost:99999', M.urlInvalid],
    ['http://user:secret@localhost:11434', M.urlCredentials],
    ['https://token@openrouter.ai/api', M.urlCredentials],
    ['http://localhost:11434/v1?key=abc', M.urlQuery],
    ['http://localhost:11434#models', M.urlQuery],
    ['http://localhost:11434?', M.urlQuery],
  ])('%j is refused: %s', (input, error) => {
    expect(normaliseBaseUrl(input)).toEqual(refused(error))
  })

  it('the messages read as the docs quote them', () => {
    expect(M.urlScheme).toBe('Base URL must start with http:// or https://')
    expect(M.urlInvalid).toBe('Enter a valid URL, like http://localhost:11434')
    expect(M.nameRequired).toBe('Enter a name for this server')
  })
})

describe('a server name', () => {
  it('is required and at most 50 characters, counted as the database counts them', () => {
    expect(serverNameError('  ')).toBe('Enter a name for this server')
    expect(serverNameError('x'.repeat(50))).toBeNull()
    expect(serverNameError('x'.repeat(51))).toBe('Use at most 50 characters for the name')
    // 50 emoji are 100 UTF-16 units but 50 characters.
    expect(serverNameError('🦙'.repeat(50))).toBeNull()
  })
})

describe('the Add server form', () => {
  it('trims the name and key and normalises the URL', () => {
    expect(
      checkServerDraft(
        { name: ' Ollama ', baseUrl: 'http://localhost:11434/v1', apiKey: ' k ' },
        [],
      ),
    ).toEqual({
      ok: true,
      server: { name: 'Ollama', baseUrl: 'http://localhost:11434', apiKey: 'k' },
    })
  })

  it('names every field that is wrong, and a name taken already in any case', () => {
    expect(checkServerDraft({ name: 'ollama', baseUrl: 'x', apiKey: '' }, ['Ollama'])).toEqual({
      ok: false,
      errors: { name: 'You already have a server named ollama', baseUrl: M.urlScheme },
    })
    expect(checkServerDraft({ name: '', baseUrl: 'http://h', apiKey: '' }, [])).toEqual({
      ok: false,
      errors: { name: M.nameRequired, baseUrl: null },
    })
  })
})

describe("a server's models", () => {
  it('have ids server:<server>:<model>, the model name keeping its colons', () => {
    expect(serverModelId('abc', 'llama3.2:3b')).toBe('server:abc:llama3.2:3b')
    expect(parseServerModelId('server:abc:llama3.2:3b')).toEqual({
      serverId: 'abc',
      model: 'llama3.2:3b',
    })
    for (const id of ['gpt-5', 'server:', 'server::m', 'server:abc', 'server:abc:']) {
      expect(parseServerModelId(id), id).toBeNull()
    }
  })

  it('have the provider server:<server>, labelled by the server name', () => {
    expect(serverProvider('abc')).toBe('server:abc')
    expect(serverIdOf('server:abc')).toBe('abc')
    expect(isServerProvider('openai')).toBe(false)
    expect(isServerProvider('server:a:b')).toBe(false)
    expect(providerLabel({ provider: 'server:abc', description: 'My Ollama' })).toBe('My Ollama')
    expect(providerLabel({ provider: 'OpenAI', description: 'GPT' })).toBe('openai')
  })

  it('are grouped after the hosted providers, by server name', () => {
    const model = (provider: string, description: string) => ({
      id: `${provider}-${description}`,
      provider,
      description,
    })
    const groups = groupModelsByProvider([
      model('server:z', 'Zeta'),
      model('server:a', 'vLLM'),
      model('google', 'g'),
      model('server:m', 'LM Studio'),
      model('openai', 'o'),
    ])
    expect(groups.map((g) => g.label)).toEqual(['openai', 'google', 'LM Studio', 'vLLM', 'Zeta'])
  })
})
