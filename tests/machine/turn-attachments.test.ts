import { describe, expect, it } from 'vitest'
import type { MessageAttachment } from '../../src/domain/attachments'
import type { ChatMessage } from '../../src/domain/chat-message'
import { CHAT_MESSAGES } from '../../src/machines/turn-state'
import { flush, row, signedInChat } from './chat-harness'

// docs/product/attachments.md: the composer's files ride with the message, its context carries
// the files of the last 10 messages, and a model that cannot see images is told so first.

const file = (n: number, kind: 'image' | 'text'): MessageAttachment => ({
  id: `att_${String(n).padStart(32, '0')}`,
  kind,
  name: kind === 'image' ? `photo-${n}.png` : `notes-${n}.md`,
  mediaType: kind === 'image' ? 'image/png' : 'text/plain',
  size: 100 * n,
  width: kind === 'image' ? 640 : null,
  height: kind === 'image' ? 480 : null,
  path: `user_1/attachments/${n}`,
})
const PHOTO = file(1, 'image')
const NOTES = file(2, 'text')
const withFiles = (message: ChatMessage, ...attachments: MessageAttachment[]): ChatMessage => ({
  ...message,
  attachments,
})

describe('a message with files', () => {
  it('carries the composer’s files: saved with the question, sent on its turn, and the composer empties', async () => {
    const chat = await signedInChat()
    chat.actor.send({ type: 'attachments.changed', attachments: [PHOTO, NOTES], busy: false })
    chat.typeAndSend('What is in these?')
    await flush()
    expect(chat.saved[0]).toMatchObject({
      content: 'What is in these?',
      attachments: [PHOTO, NOTES],
    })
    expect(chat.calls[0]?.messages.at(-1)).toEqual({
      role: 'user',
      content: 'What is in these?',
      attachments: [PHOTO, NOTES],
    })
    expect(chat.context().attachments).toEqual([])
    expect(chat.reports).toContain('attachments sent')
    // The reply carries none.
    expect(chat.saved[1]?.attachments).toBeUndefined()
  })

  it('may be files alone, without text', async () => {
    const chat = await signedInChat()
    chat.actor.send({ type: 'attachments.changed', attachments: [PHOTO], busy: false })
    chat.actor.send({ type: 'message.send' })
    await flush()
    expect(chat.saved[0]).toMatchObject({ content: '', attachments: [PHOTO] })
    expect(chat.calls).toHaveLength(1)
  })

  it('waits while a file uploads: nothing is sent, the text and the files stay', async () => {
    const chat = await signedInChat()
    chat.actor.send({ type: 'attachments.changed', attachments: [PHOTO], busy: true })
    chat.typeAndSend('Look')
    await flush()
    expect(chat.saved).toEqual([])
    expect(chat.notices).toEqual([{ kind: 'info', message: CHAT_MESSAGES.stillUploading }])
    expect(chat.context().input).toBe('Look')
    expect(chat.context().attachments).toEqual([PHOTO])
  })

  it('is refused before anything is sent when the model cannot see images', async () => {
    const chat = await signedInChat()
    chat.actor.send({ type: 'model.select', modelId: 'gpt-5', readsImages: false })
    chat.actor.send({ type: 'attachments.changed', attachments: [PHOTO, NOTES], busy: false })
    chat.typeAndSend('Describe it')
    await flush()
    expect(chat.saved).toEqual([])
    expect(chat.calls).toEqual([])
    expect(chat.notices).toEqual([{ kind: 'error', message: CHAT_MESSAGES.imagesUnreadable }])
    expect(chat.context().input).toBe('Describe it')
    expect(chat.context().attachments).toEqual([PHOTO, NOTES])
    // A text file alone goes.
    chat.actor.send({ type: 'attachments.changed', attachments: [NOTES], busy: false })
    chat.actor.send({ type: 'message.send' })
    await flush()
    expect(chat.saved[0]).toMatchObject({ content: 'Describe it', attachments: [NOTES] })
  })
})

describe('the context’s files', () => {
  it('are those of the last 10 earlier messages; older ones are not sent again', async () => {
    const history = Array.from({ length: 12 }, (_, i) =>
      i % 2 === 0 ? withFiles(row(i + 1, 'user'), file(i + 10, 'image')) : row(i + 1, 'assistant'),
    )
    const chat = await signedInChat({ history: async () => history })
    chat.typeAndSend('And now?')
    await flush()
    const sent = chat.calls[0]?.messages ?? []
    expect(sent).toHaveLength(11)
    // Messages 3 to 12 are the last ten: the first two (and the image of message 1) are out.
    expect(sent.flatMap((turn) => turn.attachments ?? []).map((a) => a.path)).toEqual(
      [12, 14, 16, 18, 20].map((n) => `user_1/attachments/${n}`),
    )
  })

  it('leaves earlier images out for a model that cannot see them, and keeps their text files', async () => {
    const history = [withFiles(row(1, 'user'), PHOTO, NOTES), row(2, 'assistant')]
    const chat = await signedInChat({ history: async () => history })
    chat.actor.send({ type: 'model.select', modelId: 'gpt-5', readsImages: false })
    chat.typeAndSend('Go on')
    await flush()
    expect(chat.calls[0]?.messages[0]).toEqual({
      role: 'user',
      content: 'user 1',
      attachments: [NOTES],
    })
  })

  it('an edit keeps the files of the message it edits; a regeneration sends its question’s', async () => {
    const question = withFiles(row(1, 'user', null), PHOTO)
    const answer = row(2, 'assistant')
    const chat = await signedInChat({ history: async () => [question, answer] })
    chat.actor.send({ type: 'message.regenerate' })
    await flush()
    expect(chat.calls[0]?.messages.at(-1)).toEqual({
      role: 'user',
      content: 'user 1',
      attachments: [PHOTO],
    })
    chat.actor.send({ type: 'edit.start', messageId: question.id })
    chat.actor.send({ type: 'edit.change', text: 'What colour is it?' })
    chat.actor.send({ type: 'edit.save' })
    await flush()
    const edited = chat.saved.find((m) => m.content === 'What colour is it?')
    expect(edited).toMatchObject({ attachments: [PHOTO], parentId: null })
    expect(chat.calls.at(-1)?.messages.at(-1)).toEqual({
      role: 'user',
      content: 'What colour is it?',
      attachments: [PHOTO],
    })
  })
})
