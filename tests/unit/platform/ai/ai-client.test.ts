import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, test } from 'vitest'
import { AIError, AuthError, ValidationError } from '../../../../src/platform/errors'
import type { PlatformClient } from '../../../../src/platform/index'
import { installMockPlatform } from '../../../support/mock-platform'
import { mswServer } from '../../../support/msw-server'
import { TEST_ORIGIN } from '../../../support/test-platform'
import { rejectionOf, testClient } from './client-setup'

// The SDK's AI calls against the real mock platform (under MSW), as an app would use them.
const mockPlatform = installMockPlatform()
let client: PlatformClient
let signedUp = 0
beforeEach(async () => {
  client = testClient()
  client.auth.setTokens(await mockPlatform().signUp(`ai-client-${++signedUp}@example.com`))
})

/** Records the JSON body of every AI request while passing it on to the platform. */
function captureBodies(): unknown[] {
  const bodies: unknown[] = []
  mswServer.events.on('request:start', async ({ request }) => {
    if (request.url.includes('/api/ai/') && request.method === 'POST')
      bodies.push(await request.clone().json())
  })
  return bodies
}

describe('generateText', () => {
  test('answers text, camelCase usage and finish reason; options go out snake_cased', async () => {
    const bodies = captureBodies()
    const result = await client.ai.generateText({
      prompt: 'Tell me a joke',
      maxTokens: 50,
      maxSteps: 2,
      temperature: 0.2,
    })
    expect(result).toEqual({
      text: 'Echo: Tell me a joke',
      usage: { promptTokens: 4, completionTokens: 5, totalTokens: 9 },
      finishReason: 'stop',
    })
    expect(bodies.at(-1)).toEqual({
      prompt: 'Tell me a joke',
      max_tokens: 50,
      max_steps: 2,
      temperature: 0.2,
      stream: false,
    })
    mswServer.events.removeAllListeners()
  })

  test('takes a conversation and reports search sources', async () => {
    const result = await client.ai.generateText({
      messages: [
        { role: 'system', content: 'You are terse' },
        { role: 'user', content: 'weather in Oslo' },
      ],
      search: true,
    })
    expect(result.text).toBe('Echo: weather in Oslo [2 sources]')
    expect(result.sources?.map((s) => s.url)).toEqual([
      'https://en.wikipedia.org/w/index.php?search=weather%20in%20Oslo',
      'https://duckduckgo.com/?q=weather%20in%20Oslo',
    ])
  })

  test.each([{}, { prompt: '  ' }, { messages: [] }])(
    '%j needs a prompt or messages',
    async (options) => {
      const error = await rejectionOf(client.ai.generateText(options))
      expect(error).toBeInstanceOf(ValidationError)
      expect(error.message).toBe('Either prompt or messages is required')
    },
  )

  test("a server-side 400 arrives as a ValidationError with the server's words", async () => {
    const error = await rejectionOf(client.ai.generateText({ prompt: 'x', temperature: 9 }))
    expect(error).toBeInstanceOf(ValidationError)
    expect(error.message).toBe('temperature must be a number from 0 to 2')
  })

  test('signed out, the platform refuses with an AuthError', async () => {
    const error = await rejectionOf(testClient().ai.generateText({ prompt: 'x' }))
    expect(error).toBeInstanceOf(AuthError)
    expect(error.message).toBe('Not authenticated')
  })
})

describe('streamText', () => {
  test('calls onChunk per text piece and resolves with text, usage, finish reason and id', async () => {
    const chunks: string[] = []
    const result = await client.ai.streamText({ prompt: 'stream ünïcode 🚀 please' }, (chunk) =>
      chunks.push(chunk),
    )
    expect(chunks).toEqual(['Echo: ', 'stream ', 'ünïcode ', '🚀 ', 'please'])
    expect(result).toMatchObject({
      text: 'Echo: stream ünïcode 🚀 please',
      finishReason: 'stop',
      usage: { promptTokens: 4, completionTokens: 5, totalTokens: 9 },
      data: [{ type: 'status', status: 'generating' }],
    })
    expect(result.messageId).toMatch(/^msg-[0-9a-f]{24}$/)
  })

  test('the event view yields start, status, text and finish in order', async () => {
    const types: string[] = []
    for await (const event of client.ai.streamTextEvents({ prompt: 'hi', search: true }))
      types.push(event.type)
    // 'Echo: hi [2 sources]' in four pieces.
    expect(types).toEqual(['start', 'data', 'data', 'text', 'text', 'text', 'text', 'finish'])
  })

  test('search sources arrive through a 2: line', async () => {
    const result = await client.ai.streamText({ prompt: 'news', search: true })
    expect(result.sources).toHaveLength(2)
  })

  test('a refused request is "Streaming request failed" with the server\'s answer in details', async () => {
    const error = await rejectionOf(client.ai.streamText({ prompt: 'x', maxTokens: -1 }))
    expect(error).toBeInstanceOf(AIError)
    expect(error.message).toBe('Streaming request failed')
    expect(error.status).toBe(400)
    expect(error.details).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: 'max_tokens must be an integer from 1 to 100000',
      },
    })
  })

  test('needs a prompt or messages before any request', async () => {
    const error = await rejectionOf(client.ai.streamText({}))
    expect(error).toBeInstanceOf(ValidationError)
  })
})

describe('generateObject', () => {
  test('sends the schema verbatim (no re-casing) and returns the object with camelCase keys intact', async () => {
    const bodies = captureBodies()
    const schema = {
      type: 'object',
      properties: {
        firstName: { type: 'string' },
        favouriteColours: { type: 'array', items: { type: 'string' } },
      },
      required: ['firstName', 'favouriteColours'],
    }
    const result = await client.ai.generateObject<{
      firstName: string
      favouriteColours: string[]
    }>({ prompt: 'Ada', schema })
    expect(result).toEqual({
      object: { firstName: 'Ada', favouriteColours: ['Ada'] },
      finishReason: 'stop',
      usage: { promptTokens: 1, completionTokens: 4, totalTokens: 5 },
    })
    expect((bodies.at(-1) as { schema: unknown }).schema).toEqual(schema)
    mswServer.events.removeAllListeners()
  })

  test('enum output', async () => {
    const result = await client.ai.generateObject({
      prompt: 'I feel happy',
      output: 'enum',
      enum: ['sad', 'happy'],
    })
    expect(result.object).toBe('happy')
  })

  test('needs a prompt', async () => {
    const error = await rejectionOf(client.ai.generateObject({ prompt: '' }))
    expect(error).toBeInstanceOf(ValidationError)
    expect(error.message).toBe('Prompt is required')
  })
})

describe('generateImage and modifyImage', () => {
  test('generateImage returns URLs that serve PNG bytes', async () => {
    const bodies = captureBodies()
    const result = await client.ai.generateImage({ prompt: 'a lighthouse', size: '256x256' })
    expect(result.data).toHaveLength(1)
    expect(bodies.at(-1)).toEqual({
      prompt: 'a lighthouse',
      size: '256x256',
      model: 'gpt-image-1',
      response_format: 'url',
    })
    const png = new Uint8Array(await (await fetch(result.data[0]!.url)).arrayBuffer())
    expect([...png.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG')
    mswServer.events.removeAllListeners()
  })

  test('modifyImage sends the source images along', async () => {
    const result = await client.ai.modifyImage({
      prompt: 'add a hat',
      size: '256x256',
      images: ['https://cdn.example.com/me.JPG', 'https://cdn.example.com/signed.png?token=abc'],
    })
    expect(result.data[0]!.url).toMatch(
      new RegExp(`^${TEST_ORIGIN}/api/ai/prompt-chat/files/[0-9a-f]{32}\\.png$`),
    )
  })

  test.each([
    [['http://cdn.example.com/a.png'], 'Image URLs must use HTTPS protocol'],
    [['https://cdn.example.com/a.bmp'], 'Image URL must end with a supported format...'],
    [['https://cdn.example.com/a.png/'], 'Image URL must end with a supported format...'],
    [['::not a url::'], 'Invalid URL format'],
    [Array(17).fill('https://cdn.example.com/a.png'), 'Maximum 16 images allowed'],
    [[], 'At least one image is required to modify'],
  ])('modifyImage refuses %j before any request: %s', async (images, message) => {
    let requests = 0
    mswServer.events.on('request:start', () => void requests++)
    const error = await rejectionOf(client.ai.modifyImage({ prompt: 'x', images }))
    expect(error).toBeInstanceOf(ValidationError)
    expect(error.message).toBe(message)
    expect(requests).toBe(0)
    mswServer.events.removeAllListeners()
  })

  test('16 images are allowed', async () => {
    const images = Array.from({ length: 16 }, (_, i) => `https://cdn.example.com/${i}.gif`)
    const result = await client.ai.modifyImage({ prompt: 'collage', images, size: '256x256' })
    expect(result.data).toHaveLength(1)
  })

  test('generateImage checks optional images and needs a prompt', async () => {
    expect(
      (await rejectionOf(client.ai.generateImage({ prompt: 'x', images: ['ftp://a/b.png'] })))
        .message,
    ).toBe('Image URLs must use HTTPS protocol')
    expect((await rejectionOf(client.ai.generateImage({ prompt: ' ' }))).message).toBe(
      'Prompt is required',
    )
  })
})

describe('generateSpeech and transcribeAudio', () => {
  test('speech defaults to alloy/mp3 and comes back camelCased', async () => {
    const speech = await client.ai.generateSpeech({ text: 'Good morning' })
    expect(speech).toMatchObject({ voice: 'alloy', format: 'mp3', mimeType: 'audio/mpeg' })
    const bytes = new Uint8Array(await (await fetch(speech.url)).arrayBuffer())
    expect(String.fromCharCode(...bytes.subarray(0, 3))).toBe('ID3')
  })

  test('the audio of generated speech transcribes back to its text, from every input type', async () => {
    const speech = await client.ai.generateSpeech({
      text: 'Round trip works',
      response_format: 'wav',
    })
    const buffer = await (await fetch(speech.url)).arrayBuffer()
    const bytes = new Uint8Array(buffer)
    for (const audio of [speech.url, buffer, bytes, Buffer.from(bytes), [...bytes]]) {
      expect(await client.ai.transcribeAudio({ audio })).toEqual({
        text: 'Round trip works',
        transcript: 'Round trip works',
      })
    }
  })

  test('bytes are sent as base64', async () => {
    const bodies = captureBodies()
    await client.ai.transcribeAudio({ audio: new Uint8Array([104, 105]), language: 'en' })
    expect(bodies.at(-1)).toEqual({ audio: 'aGk=', language: 'en' })
    mswServer.events.removeAllListeners()
  })

  test.each([
    [42, 'Unsupported audio input type'],
    [{ bytes: [1] }, 'Unsupported audio input type'],
    [new Blob(['x']), 'Unsupported audio input type'],
    [[1, 300], 'Audio byte values must be integers from 0 to 255'],
    ['', 'Audio is required'],
    [new Uint8Array(), 'Audio is required'],
  ])('transcribeAudio refuses %j: %s', async (audio, message) => {
    const error = await rejectionOf(client.ai.transcribeAudio({ audio: audio as never }))
    expect(error).toBeInstanceOf(ValidationError)
    expect(error.message).toBe(message)
  })

  test('speech needs text', async () => {
    expect((await rejectionOf(client.ai.generateSpeech({ text: '' }))).message).toBe(
      'Text is required',
    )
  })
})

describe('answers the SDK cannot use', () => {
  test.each([
    [
      'text',
      { usage: {} },
      () => client.ai.generateText({ prompt: 'x' }),
      'Invalid response format: missing text',
    ],
    [
      'object',
      { usage: {} },
      () => client.ai.generateObject({ prompt: 'x' }),
      'Invalid response format: missing object',
    ],
    [
      'image',
      { data: [{}] },
      () => client.ai.generateImage({ prompt: 'x' }),
      'Invalid response format: missing data[].url',
    ],
    [
      'speech',
      { url: 'https://x/y.mp3', voice: 'alloy', format: 'mp3' },
      () => client.ai.generateSpeech({ text: 'x' }),
      'Invalid response format: missing mimeType',
    ],
    [
      'transcribe',
      { transcript: 'x' },
      () => client.ai.transcribeAudio({ audio: 'AAAA' }),
      'Invalid response format: missing text',
    ],
    [
      'text',
      [1, 2],
      () => client.ai.generateText({ prompt: 'x' }),
      'Invalid response format: missing body',
    ],
  ])('%s answering %j is an AIError', async (route, body, call, message) => {
    mswServer.use(
      http.post(`${TEST_ORIGIN}/api/ai/prompt-chat/${route}`, () => HttpResponse.json(body)),
    )
    const error = await rejectionOf(call())
    expect(error).toBeInstanceOf(AIError)
    expect(error.message).toBe(message)
    expect(error.code).toBe('AI_ERROR')
  })

  test('a 500 becomes an AIError carrying the status and message', async () => {
    mswServer.use(
      http.post(`${TEST_ORIGIN}/api/ai/prompt-chat/text`, () =>
        HttpResponse.json({ error: { message: 'Model overloaded' } }, { status: 503 }),
      ),
    )
    const error = await rejectionOf(client.ai.generateText({ prompt: 'x' }))
    expect(error).toBeInstanceOf(AIError)
    expect(error).toMatchObject({ message: 'Model overloaded', status: 503, code: 'AI_ERROR' })
  })
})
