import { describe, expect, test } from 'vitest'
import { conversationId } from '../../../src/domain/conversation'
import { apiKeyId, messageId } from '../../../src/domain/message-ids'
import { linkedRecordId, sharedPromptId } from '../../../src/domain/prompt-ids'

// The spec's id shapes (docs/product/data.md#ids), byte for byte; owner-scoped keys make them
// safe to keep. A prompt added from a link lives in the one global id space of prompts, so its
// id carries a random part (docs/security.md#ids-nobody-can-squat).
const NOW = 1_767_225_600_000

describe('ids', () => {
  test('owner-scoped ids keep the spec shapes exactly', () => {
    expect(conversationId(NOW)).toBe('conv_1767225600000')
    expect(messageId(NOW, 'user')).toBe('msg_1767225600000_user')
    expect(messageId(NOW, 'assistant')).toBe('msg_1767225600000_assistant')
    expect(apiKeyId('user_1', 'openai', NOW)).toBe('key_user_1_openai_1767225600000')
    expect(linkedRecordId('rating', 'user_1', 'p1', NOW)).toBe('rating_user_1_p1_1767225600000')
    expect(linkedRecordId('hide', 'user_1', 'p1', NOW)).toBe('hide_user_1_p1_1767225600000')
    expect(linkedRecordId('quick', 'user_1', 'p1', NOW)).toBe('quick_user_1_p1_1767225600000')
  })

  test('a prompt added from a link is prompt_{time}_{random}, not guessable from the time', () => {
    expect(sharedPromptId(NOW, '0123456789abcdef')).toBe('prompt_1767225600000_0123456789abcdef')
    expect(sharedPromptId(NOW, 'fedcba9876543210')).not.toBe(
      sharedPromptId(NOW, '0123456789abcdef'),
    )
  })
})
