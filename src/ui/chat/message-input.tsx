import { useSelector } from '@xstate/react'
import { Suspense, useEffect, useRef } from 'react'
import { ariaKeysOf } from '../../domain/keyboard-shortcuts'
import { turnIn } from '../../machines/turn-state'
import { useAppActors, useSessionActors } from '../shell/app-actors'
import { button } from '../shell/button.recipe'
import { lazyComponent, useWhenIdle } from '../shell/lazy-view'
import { SendIcon, StopIcon } from '../shell/session-icons'
import { messageInput } from './message-input.recipe'
import { usePromptPicker } from './prompt-picker'

const styles = messageInput()

/** The skip link's target (src/ui/shell/skip-link.tsx). */
export const MESSAGE_BOX_ID = 'message-box'

/**
 * What the box is owed once a message has sent (it is disabled meanwhile, which drops its
 * focus): nothing (`''`); focus if it had it and focus has gone nowhere since (`lost`); or
 * focus wherever it went (`asked`, by Alt+Shift+M meanwhile).
 */
let refocus: 'lost' | 'asked' | '' = ''

/**
 * Alt+Shift+M (docs/product/screens.md#keyboard-shortcuts): focus in the box now, or, while a
 * message sends and the box is disabled, as soon as the send is over, rather than a key press
 * that does nothing.
 */
export function focusMessageBox() {
  const box = document.getElementById(MESSAGE_BOX_ID) as HTMLTextAreaElement
  box.focus()
  if (box.disabled) refocus = 'asked'
}

// Files (docs/product/attachments.md): the paperclip, the drop zone and the chips come with
// their actor, after the first paint (docs/performance.md, "Split").
const ComposerAttachments = lazyComponent(() =>
  import('./composer-attachments').then((m) => m.ComposerAttachments),
)
const AttachButton = lazyComponent(() =>
  import('./composer-attachments').then((m) => m.AttachButton),
)

// The `/` picker's list loads as it first opens (docs/performance.md, "Split").
const PromptPickerList = lazyComponent(() =>
  import('./prompt-picker-list').then((m) => m.PromptPickerList),
)

/**
 * The fixed composer at the bottom of the chat (docs/product/validation.md): Enter sends, Shift+Enter breaks the
 * line; disabled without a model and while a message is sending. While the reply streams,
 * Stop sits beside the busy Send button. Typing `/` opens the prompt picker
 * (docs/product/variables.md), which takes the arrows, Enter and Escape while it shows.
 * Escape anywhere on the page stops a streaming reply, as Stop does.
 */
export function MessageInput() {
  const { turn, openConversation, models } = useSessionActors()
  const { app } = useAppActors()
  // The composer's files, an extra: there once their code has loaded (docs/product/attachments.md).
  const attachments = useSelector(app, (s) => s.children.attachments)
  const value = useSelector(turn, (s) => s.context.input)
  const hasFiles = useSelector(turn, (s) => s.context.attachments.length > 0)
  const sending = useSelector(turn, (s) => s.hasTag('busy'))
  // Stop shows beside the reply it stops: not in another conversation opened meanwhile.
  const openId = useSelector(openConversation, (s) => s.context.conversationId)
  const streaming = useSelector(turn, (s) => s.hasTag('streaming') && turnIn(s.context, openId))
  const modelName = useSelector(models, (s) => {
    const selected = s.context.models.find((m) => m.id === s.context.selectedModelId)
    return selected ? selected.name : null
  })
  const field = useRef<HTMLTextAreaElement>(null)
  const picker = usePromptPicker(field, value)
  // Ready before the first `/`.
  useWhenIdle(() => void PromptPickerList.preload())
  const noModel = modelName === null
  const placeholder = noModel ? 'Select a model to start chatting...' : `Message ${modelName}...`
  // A keyboard user gets focus back when the send is over, rather than starting again from
  // the top of the page.
  const send = () => {
    refocus = document.activeElement === field.current ? 'lost' : ''
    // The open conversation says where it goes, and after what (docs/architecture.md).
    openConversation.send({ type: 'message.send' })
  }
  // docs/product/screens.md#keyboard: the box takes focus once it can be typed in and whenever
  // another conversation opens, unless focus is somewhere else than the page or the
  // conversation list (a dialog, the header). Not on touch screens, where focus raises the
  // keyboard over the conversation.
  useEffect(() => {
    const box = field.current
    if (!box || noModel || !globalThis.matchMedia?.('(pointer: fine)').matches) return
    const focused = document.activeElement
    if (!focused || focused === document.body || focused.closest('[data-conversations]'))
      box.focus()
  }, [openId, noModel])
  useEffect(() => {
    if (sending || !refocus) return
    const focused = document.activeElement
    if (refocus === 'asked' || !focused || focused === document.body) field.current?.focus()
    refocus = ''
  }, [sending])
  useEscapeStops(streaming, () => turn.send({ type: 'message.stop' }))
  return (
    <form
      aria-label="Message composer"
      onSubmit={(e) => {
        e.preventDefault()
        send()
      }}
      className={styles.root}
    >
      {attachments && (
        <Suspense fallback={null}>
          <div className={styles.files}>
            <ComposerAttachments.Component attachments={attachments} />
          </div>
        </Suspense>
      )}
      <div className={styles.box}>
        {attachments && (
          <Suspense fallback={null}>
            <AttachButton.Component disabled={noModel} />
          </Suspense>
        )}
        <textarea
          ref={field}
          id={MESSAGE_BOX_ID}
          aria-label="Message"
          aria-keyshortcuts={ariaKeysOf('focusMessage')}
          rows={1}
          disabled={noModel || sending}
          placeholder={placeholder}
          value={value}
          {...picker.fieldProps}
          onChange={(e) => {
            turn.send({ type: 'input.change', value: e.target.value })
            picker.typed(e)
          }}
          onPaste={(e) => {
            // A pasted image (a screenshot) or file is attached; pasted text is typed as usual.
            const { files } = e.clipboardData
            if (files.length === 0 || !attachments) return
            e.preventDefault()
            app.send({ type: 'attachments.add', files: [...files] })
          }}
          onKeyDown={(e) => {
            if (picker.keyDown(e)) return
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault()
              send()
            }
          }}
          className={styles.field}
        />
        {/* docs/product/behaviour.md#streamed-replies: Stop keeps what has arrived. */}
        {streaming && (
          <button
            type="button"
            aria-label="Stop"
            title="Stop generating (Esc)"
            aria-keyshortcuts="Escape"
            onClick={() => turn.send({ type: 'message.stop' })}
            className={button({ variant: 'outline', size: 'icon' })}
          >
            <StopIcon width={16} height={16} />
          </button>
        )}
        <button
          type="submit"
          aria-label="Send message"
          aria-busy={sending}
          disabled={noModel || sending || (value.trim() === '' && !hasFiles)}
          className={button({ size: 'icon' })}
        >
          {sending ? (
            <span role="status" aria-label="Sending" className={styles.spinner} />
          ) : (
            <SendIcon width={16} height={16} />
          )}
        </button>
        {picker.list.open && (
          <Suspense fallback={null}>
            <PromptPickerList.Component list={picker.list} />
          </Suspense>
        )}
      </div>
    </form>
  )
}

/**
 * While the open conversation's reply streams, Escape stops it (docs/product/behaviour.md#streamed-replies),
 * wherever focus is on the page: the box itself is disabled then. An Escape something else
 * took first (a dialog, a menu, the rename field) stops nothing.
 */
function useEscapeStops(streaming: boolean, stop: () => void) {
  const latest = useRef(stop)
  latest.current = stop
  useEffect(() => {
    if (!streaming) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return
      const target = event.target instanceof Element ? event.target : null
      if (target?.closest('[role="dialog"], [role="alertdialog"], [role="menu"], input')) return
      latest.current()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [streaming])
}
