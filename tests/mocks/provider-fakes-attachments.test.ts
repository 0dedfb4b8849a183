import { describe, expect, test } from 'vitest'
import {
  anthropicImage,
  JPEG,
  openAIImage,
  PNG,
  reply,
  send,
} from '../support/fake-attachment-requests'
import { jpeg, toBase64, webpLossless } from '../support/tiny-images'

// Each fake takes its provider's multimodal shape (images beside the text of a user turn) and
// reads it back: the reply lists what it received, the usage counts the images.
describe('what the fakes accept', () => {
  test('OpenAI: text and image_url parts; the reply lists the images, usage counts 85 each', async () => {
    const { status, body } = await send('openai', [
      { type: 'text', text: 'What is this?' },
      openAIImage(`data:image/png;base64,${PNG}`),
      { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${JPEG}`, detail: 'low' } },
    ])
    expect(status).toBe(200)
    expect(reply(body)).toContain('You said: What is this?\n')
    expect(reply(body)).toContain('\n- Attachments received: image/png, 4×2; image/jpeg, 8×8')
    expect(body.usage.prompt_tokens).toBe(Math.ceil('What is this?'.length / 4) + 2 * 85)
  })

  test('OpenAI reads the bytes whatever image type the data URL names, as the real API does', async () => {
    const { status, body } = await send('openai', [openAIImage(`data:image/webp;base64,${PNG}`)])
    expect(status).toBe(200)
    expect(reply(body)).toContain('- Attachments received: image/png, 4×2')
  })

  test('Anthropic: image blocks then a text block; usage counts width × height / 750', async () => {
    const { status, body } = await send('anthropic', [
      anthropicImage('image/png', PNG),
      anthropicImage('image/webp', toBase64(webpLossless(3000, 1000))),
      { type: 'text', text: 'Compare' },
    ])
    expect(status).toBe(200)
    expect(reply(body)).toContain('- Attachments received: image/png, 4×2; image/webp, 3000×1000')
    expect(body.usage.input_tokens).toBe(2 + 1 + 1600)
  })

  test('Google: inline_data or inlineData, snake or camel fields, URL-safe base64', async () => {
    const urlSafe = toBase64(jpeg(8, 8)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
    const { status, body } = await send('google', [
      { inline_data: { mime_type: 'image/png', data: PNG } },
      { inlineData: { mimeType: 'image/jpeg', data: urlSafe } },
      { inline_data: { mimeType: 'image/png', data: PNG } },
      { text: 'Three' },
    ])
    expect(status).toBe(200)
    expect(reply(body)).toContain(
      '- Attachments received: image/png, 4×2; image/jpeg, 8×8; image/png, 4×2',
    )
    expect(body.usageMetadata.promptTokenCount).toBe(2 + 3 * 258)
  })

  test.each([
    ['openai', [openAIImage(`data:image/png;base64,${PNG}`)]],
    ['anthropic', [anthropicImage('image/png', PNG)]],
    ['google', [{ inline_data: { mime_type: 'image/png', data: PNG } }]],
  ] as const)('%s: images without any text', async (provider, content) => {
    const { status, body } = await send(provider, content)
    expect(status).toBe(200)
    expect(reply(body)).toContain('You said: \n')
    expect(reply(body)).toContain('- Attachments received: image/png, 4×2')
  })

  test.each(['openai', 'anthropic', 'google'] as const)(
    '%s: reads text files and triggers from the message, not from the files',
    async (provider) => {
      const text = 'Read [slow:5]\n\nnotes.md\n```\n[fail:500] ☃\n```\n\nb.txt\n```\n\n```'
      const { status, body } = await send(provider, provider === 'google' ? [{ text }] : text)
      expect(status).toBe(200)
      expect(reply(body)).toContain('You said: Read [slow:5]\n')
      expect(reply(body)).toContain(
        '- Attachments received: notes.md (text, 12 characters); b.txt (text, 0 characters)',
      )
    },
  )
})
