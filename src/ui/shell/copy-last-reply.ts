import { toast } from 'sonner'
import type { ChatMessage } from '../../domain/chat-message'
import { lastReplyText } from '../../domain/last-exchange'

/**
 * The copy shortcut (docs/product/screens.md#keyboard-shortcuts): puts the newest reply on the
 * clipboard and says so, or says why not, in a toast.
 */
export async function copyLastReply(messages: readonly ChatMessage[]) {
  const text = lastReplyText(messages)
  if (text === null) {
    toast.info('There is no reply to copy yet')
    return
  }
  try {
    await navigator.clipboard.writeText(text)
    toast.success('Last reply copied')
  } catch {
    toast.error('The reply could not be copied')
  }
}
