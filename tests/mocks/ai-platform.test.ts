import { crc32, inflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TokenSet } from '../../src/platform/types'
import { createTestPlatform, TEST_ORIGIN, type TestPlatform } from '../support/test-platform'

// The mock platform's AI routes, called over its fetch handler the way the SDK calls them.
let platform: TestPlatform
let alice: TokenSet
let bob: TokenSet
beforeAll(async () => {
  platform = await createTestPlatform({ now: () => new Date('2026-03-01T12:00:00Z') })
  alice = await platform.signUp('alice-ai@example.com')
  bob = await platform.signUp('bob-ai@example.com')
})
afterAll(() => platform.close())

const post = (
  route: string,
  body: unknown,
  tokens: TokenSet | null = alice,
  project = 'prompt-chat',
) =>
  platform.platform.fetch(
    new Request(`${TEST_ORIGIN}/api/ai/${project}/${route}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(tokens ? { Authorization: `Bearer ${tokens.access_token}` } : {}),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  )
const get = (url: string) => platform.platform.fetch(new Request(url))
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { message: string } }).error.message

describe('every AI route', () => {
  test.each(['text', 'object', 'image', 'speech', 'transcribe'])(
    '%s needs a signed-in caller',
    async (route) => {
      const res = await post(route, { prompt: 'hi', text: 'hi', audio: 'AAAA' }, null)
      expect(res.status).toBe(401)
      expect(await errorOf(res)).toBe('Not authenticated')
    },
  )

  test('a bad token is a 401, not an anonymous call', async () => {
    const res = await post('text', { prompt: 'hi' }, { ...alice, access_token: 'not-a-jwt' })
    expect(res.status).toBe(401)
  })

  test('another project is a 404', async () => {
    const res = await post('text', { prompt: 'hi' }, alice, 'other-project')
    expect(res.status).toBe(404)
  })

  test.each([
    ['{not json', 'Request body is not valid JSON'],
    ['', 'Request body must be a JSON object'],
    ['[1,2]', 'Request body must be a JSON object'],
  ])('body %j is a 400 with a clear message', async (body, message) => {
    const res = await post('text', body)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe(message)
  })

  test.each(['text', 'object', 'image', 'speech', 'transcribe'])(
    '%s refuses a body nested deeper than 64 levels with a 400',
    async (route) => {
      // Deep enough that hashing or echoing the body would overflow the stack.
      const body = `{"prompt":"hi","text":"hi","deep":${'['.repeat(20_000)}${']'.repeat(20_000)}}`
      const res = await post(route, body)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Request body must not be nested more than 64 levels deep',
        },
      })
    },
  )
})

describe('POST text', () => {
  test('echoes the last user message, with word counts as token usage (both spellings on the wire)', async () => {
    const res = await post('text', {
      messages: [
        { role: 'system', content: 'Be brief' },
        { role: 'user', content: 'first question' },
        { role: 'assistant', content: 'first answer' },
        { role: 'user', content: [{ type: 'text', text: 'What is a haiku?' }] },
      ],
      model: 'gpt-4.1',
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      text: 'Echo: What is a haiku?',
      finish_reason: 'stop',
      finishReason: 'stop',
      usage: {
        prompt_tokens: 10,
        completion_tokens: 5,
        total_tokens: 15,
        promptTokens: 10,
        completionTokens: 5,
        totalTokens: 15,
      },
      model: 'gpt-4.1',
    })
  })

  test('max_tokens cuts the reply and reports finish reason length', async () => {
    const res = await post('text', { prompt: 'one two three four five', max_tokens: 3 })
    const body = await res.json()
    expect(body).toMatchObject({ text: 'Echo: one two', finish_reason: 'length' })
    expect(body.usage.completion_tokens).toBe(3)
  })

  test('search adds offline sources derived from the question', async () => {
    const body = await (await post('text', { prompt: 'pglite rls', search: true })).json()
    expect(body.text).toBe('Echo: pglite rls [2 sources]')
    expect(body.sources).toEqual([
      {
        id: 'source-1',
        url: 'https://en.wikipedia.org/w/index.php?search=pglite%20rls',
        title: 'Wikipedia: pglite rls',
      },
      {
        id: 'source-2',
        url: 'https://duckduckgo.com/?q=pglite%20rls',
        title: 'Web results for pglite rls',
      },
    ])
  })

  test.each([
    [{}, 'prompt or messages is required'],
    [{ prompt: '   ' }, 'prompt or messages is required'],
    [{ prompt: 5 }, 'prompt must be a string'],
    [{ messages: 'hi' }, 'messages must be a list'],
    [
      { messages: [{ role: 'robot', content: 'x' }] },
      'messages[0].role must be one of: system, user, assistant, tool',
    ],
    [
      { messages: [{ role: 'user', content: 7 }] },
      'messages[0].content must be a string or a list of parts',
    ],
    [{ prompt: 'x', temperature: 3 }, 'temperature must be a number from 0 to 2'],
    [{ prompt: 'x', max_tokens: 0 }, 'max_tokens must be an integer from 1 to 100000'],
    [{ prompt: 'x', max_steps: 1.5 }, 'max_steps must be an integer from 1 to 100'],
    [{ prompt: 'x', stream: 'yes' }, 'stream must be true or false'],
  ])('%j is a 400: %s', async (body, message) => {
    const res = await post('text', body)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe(message)
  })

  test('stream: true answers text/plain data-stream lines', async () => {
    const res = await post('text', { prompt: 'héllo wörld', stream: true })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const lines = (await res.text()).trimEnd().split('\n')
    expect(lines[0]).toMatch(/^f:\{"messageId":"msg-[0-9a-f]{24}"\}$/)
    expect(lines.slice(1)).toEqual([
      '2:[{"type":"status","status":"generating"}]',
      '0:"Echo: "',
      '0:"héllo "',
      '0:"wörld"',
      'd:{"finishReason":"stop","usage":{"promptTokens":2,"completionTokens":3,"totalTokens":5}}',
    ])
  })

  test('a bad streaming request is still a plain 400 before any line is sent', async () => {
    const res = await post('text', { stream: true })
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe('prompt or messages is required')
  })
})

describe('POST object', () => {
  test("follows the schema, keeps the caller's key names and takes strings from the prompt", async () => {
    const res = await post('object', {
      prompt: 'A recipe for pancakes',
      schema: {
        type: 'object',
        properties: {
          recipeName: { type: 'string' },
          servings: { type: 'integer', minimum: 2, maximum: 4 },
          vegan: { type: 'boolean' },
          steps: { type: 'array', items: { type: 'string', maxLength: 8 } },
        },
        required: ['recipeName', 'servings', 'vegan', 'steps'],
      },
    })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.finish_reason).toBe('stop')
    expect(body.object.recipeName).toBe('A recipe for pancakes')
    expect(body.object.steps).toEqual(['A recipe'])
    expect([2, 3, 4]).toContain(body.object.servings)
    expect(typeof body.object.vegan).toBe('boolean')
    // Same request, same object.
    const again = await (
      await post('object', {
        prompt: 'A recipe for pancakes',
        schema: {
          type: 'object',
          properties: { servings: { type: 'integer', minimum: 2, maximum: 4 } },
        },
      })
    ).json()
    const twice = await (
      await post('object', {
        prompt: 'A recipe for pancakes',
        schema: {
          type: 'object',
          properties: { servings: { type: 'integer', minimum: 2, maximum: 4 } },
        },
      })
    ).json()
    expect(again.object).toEqual(twice.object)
  })

  test('output enum picks the choice the prompt names', async () => {
    const body = await (
      await post('object', {
        prompt: 'This film was NEGATIVE overall',
        output: 'enum',
        enum: ['positive', 'negative', 'neutral'],
      })
    ).json()
    expect(body.object).toBe('negative')
  })

  test('output array gives a list of schema items; no-schema a free object', async () => {
    const list = await (
      await post('object', {
        prompt: 'cities',
        output: 'array',
        schema: { type: 'object', properties: { name: { type: 'string' } } },
      })
    ).json()
    expect(list.object).toEqual([{ name: 'cities' }])
    const free = await (await post('object', { prompt: 'anything', output: 'no-schema' })).json()
    expect(free.object).toEqual({ response: 'Echo: anything' })
  })

  test.each([
    [{}, 'prompt is required'],
    [{ prompt: 'x', output: 'table' }, 'output must be one of: object, array, enum, no-schema'],
    [
      { prompt: 'x', output: 'enum' },
      'enum must be a non-empty list of strings when output is enum',
    ],
    [{ prompt: 'x', schema: 'string' }, 'schema must be a JSON schema object'],
    [
      { prompt: 'x', schema: { $ref: '#/$defs/missing' } },
      'schema $ref #/$defs/missing cannot be resolved',
    ],
  ])('%j is a 400: %s', async (body, message) => {
    const res = await post('object', body)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe(message)
  })
})

/** Reads a PNG's size, colour type and first pixel, checking every chunk's CRC on the way. */
function readPng(bytes: Buffer) {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  const idat: Buffer[] = []
  let width = 0
  let height = 0
  let colourType = -1
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at)
    const type = bytes.toString('latin1', at + 4, at + 8)
    const data = bytes.subarray(at + 8, at + 8 + length)
    expect(bytes.readUInt32BE(at + 8 + length)).toBe(crc32(bytes.subarray(at + 4, at + 8 + length)))
    if (type === 'IHDR') {
      width = data.readUInt32BE(0)
      height = data.readUInt32BE(4)
      colourType = data[9]!
    }
    if (type === 'IDAT') idat.push(data)
    at += 12 + length
  }
  const raw = inflateSync(Buffer.concat(idat))
  expect(raw.length).toBe(height * (width * 4 + 1))
  const pixel = (x: number, y: number) => [
    ...raw.subarray(y * (width * 4 + 1) + 1 + x * 4, y * (width * 4 + 1) + 5 + x * 4),
  ]
  return { width, height, colourType, pixel }
}

describe('POST image', () => {
  test('returns URLs that serve a real PNG of the asked size, the same for the same prompt', async () => {
    const res = await post('image', {
      prompt: 'a red fox',
      size: '256x256',
      n: 2,
      response_format: 'url',
    })
    expect(res.status).toBe(200)
    const { data } = await res.json()
    expect(data).toHaveLength(2)
    expect(data[0].url).toMatch(
      /^http:\/\/localhost:3000\/api\/ai\/prompt-chat\/files\/[0-9a-f]{32}\.png$/,
    )
    const file = await get(data[0].url)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
    const png = readPng(Buffer.from(await file.arrayBuffer()))
    expect(png).toMatchObject({ width: 256, height: 256, colourType: 6 })
    expect(png.pixel(0, 0)[3]).toBe(255)
    const again = await (await post('image', { prompt: 'a red fox', size: '256x256', n: 2 })).json()
    expect(again.data[0].url).toBe(data[0].url)
    expect(data[1].url).not.toBe(data[0].url)
  })

  test('a transparent background leaves a clear margin', async () => {
    const { data } = await (
      await post('image', { prompt: 'logo', size: '256x256', background: 'transparent' })
    ).json()
    const png = readPng(Buffer.from(await (await get(data[0].url)).arrayBuffer()))
    expect(png.pixel(0, 0)).toEqual([0, 0, 0, 0])
    expect(png.pixel(128, 128)[3]).toBe(255)
  })

  test('edits take HTTPS image URLs, which change the picture', async () => {
    const plain = await (await post('image', { prompt: 'make it blue', size: '256x256' })).json()
    const edit = await (
      await post('image', {
        prompt: 'make it blue',
        size: '256x256',
        images: ['https://cdn.example.com/cat.webp?sig=1'],
      })
    ).json()
    expect(edit.data[0].url).not.toBe(plain.data[0].url)
  })

  test.each([
    [{}, 'prompt is required'],
    [
      { prompt: 'x', size: '10x10' },
      'size must be one of: auto, 1024x1024, 1536x1024, 1024x1536, 256x256, 512x512, 1792x1024, 1024x1792',
    ],
    [{ prompt: 'x', n: 11 }, 'n must be an integer from 1 to 10'],
    [{ prompt: 'x', response_format: 'b64_json' }, 'response_format must be url'],
    [{ prompt: 'x', images: ['http://a.example/x.png'] }, 'Image URLs must use HTTPS protocol'],
    [
      { prompt: 'x', images: ['https://a.example/x.bmp'] },
      'Image URL must end with a supported format...',
    ],
    [{ prompt: 'x', images: ['not a url'] }, 'Invalid URL format'],
    [
      { prompt: 'x', images: Array(17).fill('https://a.example/x.png') },
      'Maximum 16 images allowed',
    ],
  ])('%j is a 400: %s', async (body, message) => {
    const res = await post('image', body)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe(message)
  })

  test('unknown file names are 404, and names never reach outside the folder', async () => {
    expect(
      (await get(`${TEST_ORIGIN}/api/ai/prompt-chat/files/${'0'.repeat(32)}.png`)).status,
    ).toBe(404)
    expect(
      (await get(`${TEST_ORIGIN}/api/ai/prompt-chat/files/..%2F..%2Fetc%2Fpasswd`)).status,
    ).toBe(404)
  })
})

describe('POST speech and transcribe', () => {
  test('speech defaults to alloy mp3 and serves real MPEG audio frames', async () => {
    const res = await post('speech', { text: 'Hello there, how are you today?' })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ voice: 'alloy', format: 'mp3', mime_type: 'audio/mpeg' })
    const file = await get(body.url)
    expect(file.headers.get('content-type')).toBe('audio/mpeg')
    const bytes = Buffer.from(await file.arrayBuffer())
    expect(bytes.toString('latin1', 0, 3)).toBe('ID3')
    const tagSize = (bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!
    const frame = bytes.subarray(10 + tagSize)
    expect([...frame.subarray(0, 4)]).toEqual([0xff, 0xfb, 0x10, 0xc0])
    expect(frame.length % 104).toBe(0)
    // Six words at 2.5 words a second: 2.4 s of 26 ms frames.
    expect(frame.length / 104).toBe(Math.ceil(2.4 / (1152 / 44100)))
  })

  test('wav speech is a RIFF/WAVE file with a PCM format chunk', async () => {
    const body = await (
      await post('speech', {
        text: 'one two three',
        voice: 'nova',
        response_format: 'wav',
        speed: 2,
      })
    ).json()
    expect(body).toMatchObject({ voice: 'nova', format: 'wav', mime_type: 'audio/wav' })
    const bytes = Buffer.from(await (await get(body.url)).arrayBuffer())
    expect(bytes.toString('latin1', 0, 4)).toBe('RIFF')
    expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8)
    expect(bytes.toString('latin1', 8, 16)).toBe('WAVEfmt ')
    expect(bytes.readUInt16LE(20)).toBe(1)
    const data = bytes.indexOf('data', 36, 'latin1')
    // 3 words / 2.5 / speed 2 = 0.6 s at 8 kHz, 16-bit.
    expect(bytes.readUInt32LE(data + 4)).toBe(0.6 * 8000 * 2)
  })

  test('transcribing your own generated speech gives its text back (by URL or by bytes)', async () => {
    const speech = await (
      await post('speech', { text: 'The quick brown fox', response_format: 'wav' })
    ).json()
    const byUrl = await (await post('transcribe', { audio: speech.url })).json()
    expect(byUrl).toEqual({
      text: 'The quick brown fox',
      transcript: 'The quick brown fox',
      language: 'en',
      model: 'whisper-1',
    })
    const bytes = Buffer.from(await (await get(speech.url)).arrayBuffer())
    const byList = await (await post('transcribe', { audio: [...bytes], language: 'fr' })).json()
    expect(byList).toMatchObject({ text: 'The quick brown fox', language: 'fr' })
    const byBase64 = await (
      await post('transcribe', { audio: `data:audio/wav;base64,${bytes.toString('base64')}` })
    ).json()
    expect(byBase64.text).toBe('The quick brown fox')
  })

  test("another user's speech is not recognized (row-level security), but is still transcribed", async () => {
    const speech = await (await post('speech', { text: 'private words' }, alice)).json()
    const res = await post('transcribe', { audio: speech.url }, bob)
    const body = await res.json()
    expect(body.text).not.toContain('private words')
    expect(body.text).toMatch(
      /^Transcript [0-9a-f]{8}: \d+ bytes of audio, not recognized by the offline model\.$/,
    )
  })

  test('unknown audio gets a stable transcript derived from its bytes', async () => {
    const a = await (await post('transcribe', { audio: [1, 2, 3] })).json()
    const b = await (await post('transcribe', { audio: 'AQID' })).json()
    expect(a.text).toBe(b.text)
    expect(a.text).toContain('3 bytes of audio')
  })

  test.each([
    ['speech', {}, 'text is required'],
    [
      'speech',
      { text: 'x', voice: 'robot' },
      'voice must be one of: alloy, ash, ballad, coral, echo, fable, nova, onyx, sage, shimmer, verse',
    ],
    [
      'speech',
      { text: 'x', response_format: 'opus' },
      'response_format must be one of: mp3, wav, pcm',
    ],
    ['speech', { text: 'x', speed: 5 }, 'speed must be a number from 0.25 to 4'],
    // The text is stored (ai_generated_speech.text): what PostgreSQL's text refuses is a 400.
    ['speech', { text: 'say\u0000this' }, 'text must not contain NUL characters'],
    ['speech', { text: 'half \ud83d pair' }, 'text must not contain unpaired UTF-16 surrogates'],
    ['speech', { text: 42 }, 'text must be a string'],
    ['speech', { text: null }, 'text is required'],
    ['transcribe', {}, 'audio is required'],
    ['transcribe', { audio: [] }, 'audio is required'],
    ['transcribe', { audio: [1, 256] }, 'audio byte values must be integers from 0 to 255'],
    [
      'transcribe',
      { audio: 'not base64!' },
      'audio must be base64, a data: URL, an http(s) URL or a byte list',
    ],
    [
      'transcribe',
      { audio: `${TEST_ORIGIN}/api/ai/prompt-chat/files/${'a'.repeat(32)}.wav` },
      'audio file not found',
    ],
    [
      'transcribe',
      { audio: 'AAAA', response_format: 'xml' },
      'response_format must be one of: json, text, srt, verbose_json, vtt',
    ],
  ])('%s %j is a 400: %s', async (route, body, message) => {
    const res = await post(route, body)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe(message)
  })
})
