import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { createProviderFakes } from '../../mocks/providers/create-provider-fakes'
import { splitFencedFiles } from '../../mocks/providers/fenced-files'
import { imageFacts } from '../../mocks/providers/image-facts'
import type { AttachmentContent, ImageMediaType } from '../../src/domain/attachments'
import type { ProviderName } from '../../src/domain/chat-types'
import { textWithFiles } from '../../src/providers/attachment-text'
import { sendChat } from '../../src/providers/send-chat'
import { gif, jpeg, png, toBase64, webpExtended, webpLossless } from '../support/tiny-images'

const BUILDERS: Record<string, [ImageMediaType, (width: number, height: number) => Uint8Array]> = {
  png: ['image/png', png],
  jpeg: ['image/jpeg', jpeg],
  gif: ['image/gif', gif],
  webpLossless: ['image/webp', webpLossless],
  webpExtended: ['image/webp', webpExtended],
}

/** A valid image of any of the four types, of a random size, with the facts it should show. */
const image = fc
  .record({
    format: fc.constantFrom(...Object.keys(BUILDERS)),
    width: fc.integer({ min: 1, max: 48 }),
    height: fc.integer({ min: 1, max: 48 }),
  })
  .map(({ format, width, height }) => {
    const [mediaType, build] = BUILDERS[format]!
    const attachment: AttachmentContent = {
      kind: 'image',
      name: `${format}.img`,
      mediaType,
      data: toBase64(build(width, height)),
    }
    return { attachment, named: `${mediaType}, ${width}×${height}` }
  })

/** Text heavy in backticks and line breaks, the characters that could break a fence. */
const trickyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .array(fc.constantFrom('`', '```', '````', '\n', '\r\n', ' ', 'a', '☃', '\n\n'), {
      maxLength: 20,
    })
    .map((pieces) => pieces.join('')),
)

/** A name as the formatter writes it: one line, never empty. */
const written = (name: string) => name.replace(/\r\n|[\r\n]/g, ' ') || 'untitled'

const textFile = fc.record({ name: trickyText, text: trickyText }).map(({ name, text }) => {
  const attachment: AttachmentContent = { kind: 'text', name, text }
  const characters = [...text].length
  return {
    attachment,
    named: `${written(name)} (text, ${characters} character${characters === 1 ? '' : 's'})`,
  }
})

/** A message of its own that does not itself end in a named block nor hold a fake's trigger. */
const message = trickyText.filter(
  (text) => !text.includes('[') && splitFencedFiles(text).files.length === 0,
)

const KEYS: Record<ProviderName, string> = {
  openai: 'sk-test-1',
  anthropic: 'sk-ant-test-1',
  google: 'AIza-test-1',
}

const attachments = fc.array(fc.oneof(image, textFile), { maxLength: 10 })

describe.each(['openai', 'anthropic', 'google'] as const)('the %s fake', (provider) => {
  test('accepts any attachments the adapter sends and names every one in its reply', async () => {
    const fakes = createProviderFakes({ sleep: async () => {}, now: () => 0 })
    const send = (messageText: string, files: AttachmentContent[]) =>
      sendChat(
        {
          provider,
          apiKey: KEYS[provider],
          model: 'm',
          messages: [{ role: 'user', content: messageText, attachments: files }],
        },
        { fetch: async (input, init) => fakes[provider](new Request(input, init)) },
      )
    await fc.assert(
      fc.asyncProperty(message, attachments, async (own, sent) => {
        // Anthropic refuses a blank message; that is no attachment's doing.
        fc.pre(provider !== 'anthropic' || own.trim() !== '' || sent.length > 0)
        const files = sent.map((file) => file.attachment)
        const gifs = files.some((file) => file.kind === 'image' && file.mediaType === 'image/gif')
        if (provider === 'google' && gifs) {
          // Gemini reads no GIF: the fake refuses it as the real API does.
          await expect(send(own, files)).rejects.toThrow(
            'Google API error: Unsupported MIME type: image/gif',
          )
          return
        }
        const { content } = await send(own, files)
        const images = sent.filter((file) => file.attachment.kind === 'image')
        const texts = sent.filter((file) => file.attachment.kind === 'text')
        // Beside images, Anthropic's adapter leaves out a blank text block (the API refuses one).
        const dropped = provider === 'anthropic' && images.length > 0 && texts.length === 0
        const said = dropped && own.trim() === '' ? '' : own
        expect(content).toContain(`You said: ${said}\n`)
        expect(content).toContain('\n- Turns received: 1')
        const listed = [...images, ...texts].map((file) => file.named).join('; ')
        if (listed) expect(content).toContain(`\n- Attachments received: ${listed}`)
        else expect(content).not.toContain('Attachments received')
      }),
      { numRuns: 120 },
    )
  })
})

describe('the text files format', () => {
  test('reads back as the message and exactly the names and texts of its files', () => {
    fc.assert(
      fc.property(message, fc.array(textFile, { maxLength: 6 }), (own, files) => {
        const sent = files.map((file) => file.attachment as { name: string; text: string })
        const folded = textWithFiles(own, [...files.map((file) => file.attachment)])
        expect(splitFencedFiles(folded)).toEqual({
          text: own,
          files: sent.map((file) => ({ name: written(file.name), text: file.text })),
        })
      }),
      { numRuns: 2000 },
    )
  })

  test('leaves a message without text files exactly as it is', () => {
    fc.assert(
      fc.property(trickyText, fc.array(image, { maxLength: 3 }), (own, images) => {
        expect(
          textWithFiles(
            own,
            images.map((file) => file.attachment),
          ),
        ).toBe(own)
      }),
    )
  })
})

describe('image facts', () => {
  test('read back the type and size of every image built', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(BUILDERS)),
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 1, max: 3000 }),
        (format, width, height) => {
          const [mediaType, build] = BUILDERS[format]!
          // PNG and GIF bytes grow with their pixels: keep those small.
          const [w, h] = ['png', 'gif'].includes(format)
            ? [width % 200 || 1, height % 200 || 1]
            : [width, height]
          expect(imageFacts(build(w, h))).toEqual({ mediaType, width: w, height: h })
        },
      ),
      { numRuns: 300 },
    )
  })
})
