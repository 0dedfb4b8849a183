import { describe, expect, test } from 'vitest'
import { createProviderFakes } from '../../mocks/providers/create-provider-fakes'
import type { FakeProviderName } from '../../mocks/providers/fake-types'
import { injectAppConfig } from '../../mocks/providers/inject-app-config'
import { maskRecordedRequest } from '../../mocks/providers/recorded-requests-view'

// Replies, failure triggers and the request record, through each fake's real wire shape.
function setup() {
  const slept: number[] = []
  const fakes = createProviderFakes({
    sleep: async (ms) => {
      slept.push(ms)
    },
    now: () => 1_700_000_000_000,
  })

  /** Sends one valid request to `provider` with `message` as the last user turn. */
  function ask(provider: FakeProviderName, message: string, system?: string) {
    switch (provider) {
      case 'openai':
        return fakes.openai(
          new Request('https://api.openai.com/v1/chat/completions', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test-key1' },
            body: JSON.stringify({
              model: 'gpt-4o',
              messages: [
                ...(system ? [{ role: 'system', content: system }] : []),
                { role: 'user', content: message },
              ],
              max_tokens: 1000,
              temperature: 0.7,
            }),
          }),
        )
      case 'anthropic':
        return fakes.anthropic(
          new Request('https://api.anthropic.com/v1/messages', {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-api-key': 'sk-ant-test-key2',
              'anthropic-version': '2023-06-01',
              'anthropic-dangerous-direct-browser-access': 'true',
            },
            body: JSON.stringify({
              model: 'claude-sonnet-4',
              ...(system ? { system } : {}),
              messages: [{ role: 'user', content: message }],
              max_tokens: 1000,
              temperature: 0.7,
            }),
          }),
        )
      case 'google':
        return fakes.google(
          new Request(
            'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-pro:generateContent?key=AIza-test-key3',
            {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                contents: [{ role: 'user', parts: [{ text: message }] }],
                ...(system ? { systemInstruction: { parts: [{ text: system }] } } : {}),
                generationConfig: { maxOutputTokens: 1000, temperature: 0.7 },
              }),
            },
          ),
        )
    }
  }
  return { fakes, slept, ask }
}

/** The reply text out of each provider's success shape. */
async function replyText(provider: FakeProviderName, response: Response): Promise<string> {
  expect(response.status).toBe(200)
  const body = await response.json()
  if (provider === 'openai') return body.choices[0].message.content
  if (provider === 'anthropic') return body.content[0].text
  return body.candidates[0].content.parts[0].text
}

const PROVIDERS = ['openai', 'anthropic', 'google'] as const

describe.each(PROVIDERS)('%s replies', (provider) => {
  test('echo the message in markdown, with bold text and a list, the same every time', async () => {
    const { ask } = setup()
    const first = await replyText(provider, await ask(provider, 'Tell me a joke'))
    const again = await replyText(provider, await ask(provider, 'Tell me a joke'))
    expect(first).toBe(again)
    expect(first).toContain('You said: Tell me a joke')
    expect(first).toMatch(/^\*\*.+\*\*/)
    expect(first).toContain('\n- System prompt: none')
    expect(first).not.toContain('```')
  })

  test('carry a ts code block when the message mentions code', async () => {
    const { ask } = setup()
    const text = await replyText(provider, await ask(provider, 'Write some Code please'))
    expect(text).toMatch(/```ts\n.+\n```/)
  })

  test('name the first five words of the system prompt', async () => {
    const { ask } = setup()
    const response = await ask(provider, 'Hi', 'You are a helpful pirate captain.')
    expect(await replyText(provider, response)).toContain(
      'System prompt: "You are a helpful pirate …"',
    )
  })

  test('[fail:401] answers as a wrong key does', async () => {
    const { ask } = setup()
    const response = await ask(provider, 'Hi [fail:401]')
    expect(response.status).toBe(provider === 'google' ? 400 : 401)
    expect(JSON.stringify(await response.json())).toMatch(/API key|x-api-key/)
  })

  test.each([
    ['[fail:429]', 429],
    ['[fail:500]', 500],
  ])('%s answers %i with a message', async (trigger, status) => {
    const { ask } = setup()
    const response = await ask(provider, `Hi ${trigger}`)
    expect(response.status).toBe(status)
    expect((await response.json()).error.message).toEqual(expect.any(String))
  })

  test('[fail:unreadable] answers 502 with a body that is not JSON', async () => {
    const { ask } = setup()
    const response = await ask(provider, '[fail:unreadable]')
    expect(response.status).toBe(502)
    await expect(response.json()).rejects.toThrow()
  })

  test('[slow:ms] waits that long first, at most 60 s', async () => {
    const { ask, slept } = setup()
    await ask(provider, 'Hi [slow:1500]')
    await ask(provider, 'Hi [slow:999999]')
    expect(slept).toEqual([1500, 60_000])
  })

  test('triggers in earlier turns do nothing', async () => {
    const { ask } = setup()
    expect((await ask(provider, 'Hi', 'System [fail:500]')).status).toBe(200)
  })
})

describe('Google-only triggers', () => {
  test('[fail:safety] answers a candidate finished for SAFETY, without content', async () => {
    const { ask } = setup()
    const body = await (await ask('google', '[fail:safety]')).json()
    expect(body.candidates).toEqual([expect.objectContaining({ finishReason: 'SAFETY', index: 0 })])
    expect(body.candidates[0]).not.toHaveProperty('content')
  })

  test('[fail:no-candidates] answers prompt feedback and no candidates', async () => {
    const { ask } = setup()
    const body = await (await ask('google', '[fail:no-candidates]')).json()
    expect(body).not.toHaveProperty('candidates')
    expect(body.promptFeedback).toEqual({ blockReason: 'SAFETY' })
  })

  test.each(['openai', 'anthropic'] as const)('are ignored by %s', async (provider) => {
    const { ask } = setup()
    expect((await ask(provider, '[fail:safety] [fail:no-candidates]')).status).toBe(200)
  })
})

describe('usage', () => {
  test('OpenAI total is prompt plus completion', async () => {
    const { ask } = setup()
    const { usage, created, model } = await (await ask('openai', 'Hi')).json()
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens)
    expect(created).toBe(1_700_000_000)
    expect(model).toBe('gpt-4o')
  })

  test('[fail:empty] answers 200 without any text', async () => {
    const { ask } = setup()
    expect((await (await ask('openai', '[fail:empty]')).json()).choices[0].message.content).toBe(
      null,
    )
    expect((await (await ask('anthropic', '[fail:empty]')).json()).content).toEqual([])
    const google = await (await ask('google', '[fail:empty]')).json()
    expect(google.candidates[0].content.parts).toEqual([])
  })
})

describe('the request record', () => {
  test('keeps every request, rejected ones too, until cleared', async () => {
    const { fakes, ask } = setup()
    await ask('openai', 'one')
    await fakes.anthropic(new Request('https://api.anthropic.com/v1/messages', { method: 'POST' }))
    expect(fakes.requests.map((r) => [r.provider, r.method, r.body])).toEqual([
      ['openai', 'POST', expect.objectContaining({ messages: [{ role: 'user', content: 'one' }] })],
      ['anthropic', 'POST', null],
    ])
    fakes.clearRequests()
    expect(fakes.requests).toEqual([])
  })

  test('masks every key down to its last 4 characters for handing out', async () => {
    const { fakes, ask } = setup()
    for (const provider of PROVIDERS) await ask(provider, 'Hi')
    const [openai, anthropic, google] = fakes.requests.map(maskRecordedRequest)
    expect(openai!.headers.authorization).toBe('Bearer ********key1')
    expect(anthropic!.headers['x-api-key']).toBe('********key2')
    expect(new URL(google!.url).searchParams.get('key')).toBe('********key3')
    expect(JSON.stringify([openai, anthropic, google])).not.toMatch(/test-key/)
  })
})

describe('injectAppConfig', () => {
  test('puts a JSON script before </head> that no value can break out of', () => {
    const html = injectAppConfig('<html><head><title>x</title></head><body></body></html>', {
      providerBaseUrls: { openai: 'http://x/</script><script>alert(1)</script>' },
    })
    expect(html).toBe(
      '<html><head><title>x</title><script id="app-config" type="application/json">{"providerBaseUrls":{"openai":"http://x/\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}}</script></head><body></body></html>',
    )
  })
})
