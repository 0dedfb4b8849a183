import { css, cx } from 'styled-system/css'
import { SendIcon } from './icons'
import { button } from './recipes/button'

/**
 * The fixed composer at the bottom of the chat. Until a model is chosen it is disabled with
 * the spec's placeholder; the chat machine (model picker, sending) drives it from issue 4 on.
 */
export function MessageInput({ modelName }: { modelName: string | null }) {
  const disabled = modelName === null
  const placeholder = disabled ? 'Select a model to start chatting...' : `Message ${modelName}...`
  return (
    <form
      aria-label="Message composer"
      onSubmit={(e) => e.preventDefault()}
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
          disabled={disabled}
          placeholder={placeholder}
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
            color: 'fg',
            _placeholder: { color: 'fg.muted' },
            _disabled: { cursor: 'not-allowed' },
          })}
        />
        <button
          type="submit"
          aria-label="Send message"
          disabled={disabled}
          className={cx(button({ size: 'icon' }))}
        >
          <SendIcon width={16} height={16} />
        </button>
      </div>
    </form>
  )
}
