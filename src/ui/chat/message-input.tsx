import { useSelector } from '@xstate/react'
import { useSessionActors } from '../shell/app-actors'
import { button } from '../shell/button.recipe'
import { SendIcon } from '../shell/icons'
import { messageInput } from './message-input.recipe'

const styles = messageInput()

/**
 * The fixed composer at the bottom of the chat (docs/product/validation.md): Enter sends, Shift+Enter breaks the
 * line; disabled without a model and while a message is sending.
 */
export function MessageInput() {
  const { chat } = useSessionActors()
  const value = useSelector(chat, (s) => s.context.input)
  const sending = useSelector(chat, (s) => s.hasTag('busy'))
  const modelName = useSelector(chat, (s) => {
    const selected = s.context.models.find((m) => m.id === s.context.selectedModelId)
    return selected ? selected.name : null
  })
  const noModel = modelName === null
  const placeholder = noModel ? 'Select a model to start chatting...' : `Message ${modelName}...`
  const send = () => chat.send({ type: 'message.send' })
  return (
    <form
      aria-label="Message composer"
      onSubmit={(e) => {
        e.preventDefault()
        send()
      }}
      className={styles.root}
    >
      <div className={styles.box}>
        <textarea
          aria-label="Message"
          rows={1}
          disabled={noModel || sending}
          placeholder={placeholder}
          value={value}
          onChange={(e) => chat.send({ type: 'input.change', value: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault()
              send()
            }
          }}
          className={styles.field}
        />
        <button
          type="submit"
          aria-label="Send message"
          aria-busy={sending}
          disabled={noModel || sending || value.trim() === ''}
          className={button({ size: 'icon' })}
        >
          {sending ? (
            <span role="status" aria-label="Sending" className={styles.spinner} />
          ) : (
            <SendIcon width={16} height={16} />
          )}
        </button>
      </div>
    </form>
  )
}
