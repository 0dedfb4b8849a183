import { describe, expect, test } from 'vitest'
import { createProviderFakes } from '../../mocks/providers/create-provider-fakes'
import { COMPATIBLE_FAKE_MODELS } from '../../mocks/providers/openai-compatible-fake'

// The fake OpenAI-compatible server: OpenAI's format, any key or none, its own model list.
const BASE = 'http://localhost:11434'
const fakes = createProviderFakes({ sleep: async () => {}, now: () => 1_700_000_000_000 })

const chat = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  fakes.compatible(
    new Request(`${BASE}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({
        model: 'llama3.2:3b',
        messages: [{ role: 'user', content: 'Hi' }],
        max_tokens: 1000,
        temperature: 0.7,
        ...body,
      }),
    }),
  )

describe('the fake OpenAI-compatible server', () => {
  test("lists its models in OpenAI's list shape, saying what each takes as OpenRouter does", async () => {
    const response = await fakes.compatible(new Request(`${BASE}/v1/models`))
    expect(response.status).toBe(200)
    const takes = (inputs: string[]) => ({
      architecture: { input_modalities: inputs, output_modalities: ['text'] },
    })
    expect(await response.json()).toEqual({
      object: 'list',
      data: [
        { id: 'llama3.2:3b', ...takes(['text']) },
        { id: 'qwen2.5:7b', ...takes(['text', 'image']) },
      ].map((model) => ({
        ...model,
        object: 'model',
        created: 1_700_000_000,
        owned_by: 'library',
      })),
    })
    expect(COMPATIBLE_FAKE_MODELS).toEqual(['llama3.2:3b', 'qwen2.5:7b'])
  })

  test('answers with no key and with any key, and records the requests as its own', async () => {
    fakes.clearRequests()
    const headerSets: Record<string, string>[] = [{}, { authorization: 'Bearer anything-at-all' }]
    for (const headers of headerSets) {
      const response = await chat({}, headers)
      expect(response.status).toBe(200)
      const body = await response.json()
      expect(body.choices[0].message.content).toContain(
        '**OpenAI-compatible fake reply** (llama3.2:3b)',
      )
    }
    expect(fakes.requests.map((r) => [r.provider, r.headers.authorization])).toEqual([
      ['openai-compatible', undefined],
      ['openai-compatible', 'Bearer anything-at-all'],
    ])
  })

  test('streams, and refuses a model it does not list, a bad body or a non-bearer header', async () => {
    const streamed = await chat({ stream: true, stream_options: { include_usage: true } })
    expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const text = await streamed.text()
    expect(text).toContain('"object":"chat.completion.chunk"')
    expect(text.trim().endsWith('data: [DONE]')).toBe(true)

    const unknown = await chat({ model: 'gpt-5' })
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).error).toMatchObject({
      message: "The model 'gpt-5' does not exist",
      code: 'model_not_found',
    })
    expect((await chat({ temperature: 1 })).status).toBe(400)
    expect((await chat({}, { authorization: 'Basic eDp5' })).status).toBe(401)
    expect((await fakes.compatible(new Request(`${BASE}/v1/embeddings`))).status).toBe(404)
  })

  test('the OpenAI fake itself still wants a key, for its model list too', async () => {
    const list = await fakes.openai(new Request('https://api.openai.com/v1/models'))
    expect(list.status).toBe(401)
    const keyless = await fakes.openai(
      new Request('https://api.openai.com/v1/chat/completions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'gpt-5',
          messages: [{ role: 'user', content: 'Hi' }],
          max_tokens: 1000,
          temperature: 0.7,
        }),
      }),
    )
    expect(keyless.status).toBe(401)
  })
})
