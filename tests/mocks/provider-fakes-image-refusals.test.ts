import { describe, expect, test } from 'vitest'
import { anthropicImage, JPEG, openAIImage, PNG, send } from '../support/fake-attachment-requests'
import { gif, toBase64 } from '../support/tiny-images'

// Each fake refuses a malformed image or content part in its provider's own words.
describe('OpenAI refuses', () => {
  test.each<[string, unknown, string]>([
    [
      'an empty list',
      [],
      "Invalid 'messages[0].content': empty array. Expected an array with minimum length 1, but got an empty array instead.",
    ],
    [
      'an unknown part type',
      [{ type: 'image', url: 'x' }],
      "Invalid value: 'image'. Supported values are: 'text' and 'image_url'.",
    ],
    [
      'a part without a type',
      [{ text: 'x' }],
      "Missing required parameter: 'messages[0].content[0].type'.",
    ],
    [
      'an image_url without url',
      [{ type: 'image_url', image_url: {} }],
      "Missing required parameter: 'messages[0].content[0].image_url.url'.",
    ],
    [
      'an image_url that is a string',
      [{ type: 'image_url', image_url: 'data:' }],
      "Invalid type for 'messages[0].content[0].image_url': expected an object, but got a string instead.",
    ],
    [
      'an unknown detail',
      [{ type: 'image_url', image_url: { url: 'x', detail: 'max' } }],
      "Invalid value: 'max'. Supported values are: 'auto', 'low', and 'high'.",
    ],
    [
      'an extra field',
      [{ type: 'text', text: 'x', cache: true }],
      'Unrecognized request argument supplied: messages[0].content[0].cache',
    ],
    [
      'a URL that is not a data URL',
      [openAIImage('https://example.com/a.png')],
      "Invalid image URL: 'messages[0].content[0].image_url.url'. Expected a base64-encoded data URL with an image MIME type (e.g. 'data:image/png;base64,aW1nIGJ5dGVzIGhlcmU='), but got a value without the 'data:' prefix.",
    ],
    [
      'a data URL of text',
      [openAIImage('data:text/plain;base64,aGk=')],
      "but got the MIME type 'text/plain'.",
    ],
    [
      'a data URL without base64',
      [openAIImage(`data:image/png,${PNG}`)],
      "but got a value without ';base64,'",
    ],
    [
      'base64 that does not decode',
      [openAIImage('data:image/png;base64,iVBOR w0K')],
      "Invalid base64 image_url: 'messages[0].content[0].image_url.url'.",
    ],
    [
      'bytes that are no image',
      [openAIImage('data:image/png;base64,aGVsbG8gd29ybGQ=')],
      'You uploaded an unsupported image.',
    ],
  ])('%s', async (_, content, message) => {
    const { status, error } = await send('openai', content)
    expect(status).toBe(400)
    expect(error).toContain(message)
  })

  test('an image in a system message', async () => {
    const image = openAIImage(`data:image/png;base64,${PNG}`)
    const { error } = await send('openai', 'Hi', [{ role: 'system', content: [image] }])
    expect(error).toBe(
      "Image URLs are only allowed for messages with role 'user', but this message with role 'system' contains an image URL.",
    )
  })
})

describe('Anthropic refuses', () => {
  const at = 'messages.0.content.0'
  test.each<[string, unknown, string]>([
    ['an empty list', [], 'messages.0.content: messages must have non-empty content'],
    [
      'an unknown block type',
      [{ type: 'image_url' }],
      `${at}: Input tag 'image_url' found using 'type' does not match any of the expected tags: 'text', 'image'`,
    ],
    [
      'an empty text block',
      [{ type: 'text', text: '' }],
      `${at}.text.text: text content blocks must be non-empty`,
    ],
    [
      'a blank text block',
      [{ type: 'text', text: ' \n' }],
      `${at}.text.text: text content blocks must contain non-whitespace text`,
    ],
    [
      'a URL source',
      [{ type: 'image', source: { type: 'url', url: 'https://x' } }],
      `${at}.image.source: Input tag 'url' found using 'type' does not match any of the expected tags: 'base64'`,
    ],
    [
      'another media type',
      [anthropicImage('image/bmp', PNG)],
      `${at}.image.source.base64.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'`,
    ],
    [
      'a missing data',
      [{ type: 'image', source: { type: 'base64', media_type: 'image/png' } }],
      `${at}.image.source.base64.data: Field required`,
    ],
    [
      'base64 that does not decode',
      [anthropicImage('image/png', 'data:image/png;base64,x')],
      `${at}.image.source.base64.data: The image data is not valid base64`,
    ],
    [
      'bytes that are no image',
      [anthropicImage('image/png', 'aGVsbG8=')],
      `${at}.image.source.base64.data: Could not process image`,
    ],
    [
      'a media type the bytes do not match',
      [anthropicImage('image/png', JPEG)],
      `${at}.image.source.base64.data: Image does not match the provided media type image/png`,
    ],
    [
      'a GIF named as a PNG',
      [anthropicImage('image/png', toBase64(gif(1, 1)))],
      `${at}.image.source.base64.data: Image does not match the provided media type image/png`,
    ],
  ])('%s', async (_, content, message) => {
    const { status, body, error } = await send('anthropic', content)
    expect(status).toBe(400)
    expect(body.error.type).toBe('invalid_request_error')
    expect(error).toBe(message)
  })

  test('an image in an assistant message', async () => {
    const { error } = await send('anthropic', 'Hi', [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: [anthropicImage('image/png', PNG)] },
    ])
    expect(error).toBe(
      'messages.1.content.0: image content blocks are only accepted in user messages',
    )
  })
})

describe('Google refuses', () => {
  const at = 'contents[0].parts[0]'
  const inline = (mime_type: string, data: string) => ({ inline_data: { mime_type, data } })
  test.each<[string, unknown, string]>([
    [
      'a GIF, which Gemini does not read',
      [inline('image/gif', toBase64(gif(2, 2)))],
      'Unsupported MIME type: image/gif',
    ],
    [
      'base64 that does not decode',
      [inline('image/png', 'a b')],
      `Invalid value at '${at}.inline_data.data' (TYPE_BYTES), Base64 decoding failed for "a b"`,
    ],
    [
      'bytes that are no image',
      [inline('image/png', 'aGVsbG8')],
      `Unable to process input image: '${at}.inline_data.data' holds no image it reads, not image/png.`,
    ],
    [
      'a type the bytes do not match',
      [inline('image/jpeg', PNG)],
      `Unable to process input image: '${at}.inline_data.data' holds bytes of image/png, not image/jpeg.`,
    ],
    [
      'a missing mime type',
      [{ inline_data: { data: PNG } }],
      `* GenerateContentRequest.${at}.inline_data.mime_type: mime_type is not specified`,
    ],
    [
      'an unknown blob field',
      [{ inline_data: { mime_type: 'image/png', data: PNG, name: 'a' } }],
      `Invalid JSON payload received. Unknown name "${at}.inline_data.name": Cannot find field.`,
    ],
    [
      'text and an image in one part',
      [{ text: 'x', inline_data: { mime_type: 'image/png', data: PNG } }],
      "Invalid JSON payload received. Oneof field 'data' is already set.",
    ],
    [
      'an empty part',
      [{}],
      `* GenerateContentRequest.${at}.data: required oneof field 'data' must have one initialized field`,
    ],
    [
      'two text parts beside an image',
      [inline('image/png', PNG), { text: 'a' }, { text: 'b' }],
      "Invalid 'contents[0].parts': expected at most one text part, got 2",
    ],
  ])('%s', async (_, parts, message) => {
    const { status, body, error } = await send('google', parts)
    expect(status).toBe(400)
    expect(body.error.status).toBe('INVALID_ARGUMENT')
    expect(error?.startsWith(message), error).toBe(true)
  })

  test('an image in a model turn', async () => {
    const { error } = await send(
      'google',
      [{ text: 'Hi' }],
      [
        { role: 'user', parts: [{ text: 'Hi' }] },
        { role: 'model', parts: [inline('image/png', PNG)] },
      ],
    )
    expect(error).toBe(
      'Invalid JSON payload received. Unknown name "contents[1].parts[0].inline_data": Cannot find field.',
    )
  })
})
