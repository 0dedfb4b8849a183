import { describe, expect, test } from 'vitest'
import type { AttachmentContent } from '../../../src/domain/attachments'
import type { ChatTurn, ProviderName } from '../../../src/domain/chat-types'
import { sendChat } from '../../../src/providers/send-chat'
import { jpeg, png, toBase64 } from '../../support/tiny-images'
import { useProviderFakes } from './fakes-under-msw'

// Each adapter sends a user turn's files in its provider's own shape: the exact bodies, sent
// to the provider fakes, which must accept them and say what they received.
const fakes = useProviderFakes()

const PNG = toBase64(png(2, 3))
const JPEG = toBase64(jpeg(16, 9))
const pngImage: AttachmentContent = {
  kind: 'image',
  name: 'a.png',
  mediaType: 'image/png',
  data: PNG,
}
const jpegImage: AttachmentContent = {
  kind: 'image',
  name: 'b.jpg',
  mediaType: 'image/jpeg',
  data: JPEG,
}
const notes: AttachmentContent = { kind: 'text', name: 'notes.md', text: 'line one' }
const FOLDED = 'Look\n\nnotes.md\n```\nline one\n```'

const KEYS: Record<ProviderName, string> = {
  openai: 'sk-test-1',
  anthropic: 'sk-ant-test-1',
  google: 'AIza-test-1',
}

/** Sends a conversation whose last user turn carries `attachments`; the body and the reply. */
async function sendWith(
  provider: ProviderName,
  attachments: AttachmentContent[],
  content = 'Look',
) {
  const messages: ChatTurn[] = [
    { role: 'user', content: 'Hi' },
    { role: 'assistant', content: 'Hello!', attachments: [notes, pngImage] },
    { role: 'user', content, attachments },
  ]
  const result = await sendChat({ provider, apiKey: KEYS[provider], model: 'm', messages })
  const body = fakes().requests[0]!.body as Record<string, unknown[]>
  return { result, last: body[provider === 'google' ? 'contents' : 'messages']!.at(-1) }
}

const openAIImage = (mediaType: string, data: string) => ({
  type: 'image_url',
  image_url: { url: `data:${mediaType};base64,${data}` },
})
const anthropicImage = (mediaType: string, data: string) => ({
  type: 'image',
  source: { type: 'base64', media_type: mediaType, data },
})
const googleImage = (mediaType: string, data: string) => ({
  inline_data: { mime_type: mediaType, data },
})

describe.each([
  {
    provider: 'openai' as const,
    turn: (content: unknown) => ({ role: 'user', content }),
    images:
      (...parts: unknown[]) =>
      (text: string) => [...(text ? [{ type: 'text', text }] : []), ...parts],
    image: openAIImage,
    plain: (text: string) => text,
  },
  {
    provider: 'anthropic' as const,
    turn: (content: unknown) => ({ role: 'user', content }),
    images:
      (...parts: unknown[]) =>
      (text: string) => [...parts, ...(text ? [{ type: 'text', text }] : [])],
    image: anthropicImage,
    plain: (text: string) => text,
  },
  {
    provider: 'google' as const,
    turn: (parts: unknown) => ({ role: 'user', parts }),
    images:
      (...parts: unknown[]) =>
      (text: string) => [...parts, ...(text ? [{ text }] : [])],
    image: googleImage,
    plain: (text: string) => [{ text }],
  },
])('$provider', ({ provider, turn, images, image, plain }) => {
  test('sends a turn without attachments as before, and ignores an assistant turn’s', async () => {
    const { result, last } = await sendWith(provider, [])
    expect(last).toEqual(turn(plain('Look')))
    const body = fakes().requests[0]!.body as Record<string, unknown[]>
    expect(JSON.stringify(body)).not.toContain('notes.md')
    expect(result.content).not.toContain('Attachments received')
  })

  test('sends one image', async () => {
    const { result, last } = await sendWith(provider, [pngImage])
    expect(last).toEqual(turn(images(image('image/png', PNG))('Look')))
    expect(result.content).toContain('You said: Look\n')
    expect(result.content).toContain('- Attachments received: image/png, 2×3')
  })

  test('sends several images in order', async () => {
    const { result, last } = await sendWith(provider, [jpegImage, pngImage])
    expect(last).toEqual(turn(images(image('image/jpeg', JPEG), image('image/png', PNG))('Look')))
    expect(result.content).toContain('- Attachments received: image/jpeg, 16×9; image/png, 2×3')
  })

  test('folds a text file into the text, still as plain content', async () => {
    const { result, last } = await sendWith(provider, [notes])
    expect(last).toEqual(turn(plain(FOLDED)))
    expect(result.content).toContain('You said: Look\n')
    expect(result.content).toContain('- Attachments received: notes.md (text, 8 characters)')
  })

  test('sends images with the text file folded into the text', async () => {
    const { result, last } = await sendWith(provider, [pngImage, notes, jpegImage])
    expect(last).toEqual(turn(images(image('image/png', PNG), image('image/jpeg', JPEG))(FOLDED)))
    expect(result.content).toContain(
      '- Attachments received: image/png, 2×3; image/jpeg, 16×9; notes.md (text, 8 characters)',
    )
  })

  test('leaves the text part out when the text is empty', async () => {
    const { result, last } = await sendWith(provider, [pngImage], '')
    expect(last).toEqual(turn(images(image('image/png', PNG))('')))
    expect(result.content).toContain('- Attachments received: image/png, 2×3')
  })

  test('a text file alone is the text, without a leading blank line', async () => {
    const { last } = await sendWith(provider, [notes], '')
    expect(last).toEqual(turn(plain('notes.md\n```\nline one\n```')))
  })
})

test('the exact OpenAI body with an image', async () => {
  await sendWith('openai', [pngImage])
  expect(fakes().requests[0]!.body).toEqual({
    model: 'm',
    messages: [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello!' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
        ],
      },
    ],
    max_tokens: 1000,
    temperature: 0.7,
  })
})

test('the exact Anthropic body with an image', async () => {
  await sendWith('anthropic', [pngImage])
  expect(fakes().requests[0]!.body).toEqual({
    model: 'm',
    messages: [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello!' },
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
          { type: 'text', text: 'Look' },
        ],
      },
    ],
    max_tokens: 1000,
    temperature: 0.7,
  })
})

test('the exact Google body with an image', async () => {
  await sendWith('google', [pngImage])
  expect(fakes().requests[0]!.body).toEqual({
    contents: [
      { role: 'user', parts: [{ text: 'Hi' }] },
      { role: 'model', parts: [{ text: 'Hello!' }] },
      {
        role: 'user',
        parts: [{ inline_data: { mime_type: 'image/png', data: PNG } }, { text: 'Look' }],
      },
    ],
    generationConfig: { maxOutputTokens: 1000, temperature: 0.7 },
  })
})

test('streaming sends the same content', async () => {
  await sendChat(
    {
      provider: 'openai',
      apiKey: KEYS.openai,
      model: 'm',
      messages: [{ role: 'user', content: 'Look', attachments: [pngImage, notes] }],
    },
    { onDelta: () => {} },
  )
  expect(fakes().requests[0]!.body).toMatchObject({
    stream: true,
    messages: [
      { role: 'user', content: [{ type: 'text', text: FOLDED }, openAIImage('image/png', PNG)] },
    ],
  })
})

test('Anthropic leaves a blank text out beside images, which its API refuses', async () => {
  const { last } = await sendWith('anthropic', [pngImage], ' \n')
  expect(last).toEqual({ role: 'user', content: [anthropicImage('image/png', PNG)] })
})
