import { useSelector } from '@xstate/react'
import { css, cx } from 'styled-system/css'
import { useSessionActors } from './app-actors'
import { SendIcon } from './icons'
import { button } from './recipes/button'

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
      className={css({
        position: 'fixed',
        insetX: 0,
        bottom: 0,
        px: { base: '3', md: '6' },
        pt: '3',
        pb: '5',
        bgGradient: 'to-t',
        gradientFrom: 'bg',
        gradientVia: 'bg',
        gradientTo: 'transparent',
      })}
    >
      <div
        className={css({
          maxW: '3xl',
          mx: 'auto',
          display: 'flex',
          alignItems: 'flex-end',
          gap: '2',
          bg: 'card',
          borderWidth: '1px',
          borderColor: 'border',
          borderRadius: 'calc(var(--radius, 8px) * 2)',
          p: '2',
          boxShadow: '0 8px 30px -12px rgb(0 0 0 / 0.35)',
          _focusWithin: { borderColor: 'primary' },
        })}
      >
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
          className={css({
            flex: 1,
            resize: 'none',
            bg: 'transparent',
            border: 'none',
            outline: 'none',
            px: '2',
            py: '2',
            minH: '10',
            maxH: '40',
            fieldSizing: 'content',
            color: 'fg',
            _placeholder: { color: 'fg.muted' },
            _disabled: { cursor: 'not-allowed' },
          })}
        />
        <button
          type="submit"
          aria-label="Send message"
          aria-busy={sending}
          disabled={noModel || sending || value.trim() === ''}
          className={cx(button({ size: 'icon' }))}
        >
          {sending ? (
            <span
              role="status"
              aria-label="Sending"
              className={css({
                w: '4',
                h: '4',
                borderRadius: 'full',
                borderWidth: '2px',
                borderColor: 'currentColor',
                borderTopColor: 'transparent',
                animation: 'spin 0.8s linear infinite',
              })}
            />
          ) : (
            <SendIcon width={16} height={16} />
          )}
        </button>
      </div>
    </form>
  )
}
