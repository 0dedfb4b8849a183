import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { useSessionActors } from '../shell/app-actors'
import { button } from '../shell/button.recipe'
import { messageEditor } from './message-editor.recipe'

const styles = messageEditor()

/**
 * A sent message's text in a box in its place (docs/product/conversations.md#branches, "Edit"):
 * Enter saves and sends it as a new version, Shift+Enter starts a new line, Escape cancels.
 */
export function MessageEditor() {
  // The text being edited is the open conversation's (open-conversation.machine.ts).
  const { openConversation } = useSessionActors()
  const text = useSelector(openConversation, (s) => s.context.editing?.text ?? '')
  const save = () => openConversation.send({ type: 'edit.save' })
  const cancel = () => openConversation.send({ type: 'edit.cancel' })
  const box = useRef<HTMLTextAreaElement>(null)
  // The box takes the focus as it opens, with the caret after the text.
  useEffect(() => {
    const element = box.current
    if (!element) return
    element.focus()
    element.setSelectionRange(element.value.length, element.value.length)
  }, [])
  const empty = text.trim() === ''
  return (
    <div className={styles.root}>
      <textarea
        ref={box}
        aria-label="Edit message"
        className={styles.box}
        value={text}
        rows={Math.min(8, text.split('\n').length + 1)}
        onChange={(event) =>
          openConversation.send({ type: 'edit.change', text: event.target.value })
        }
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault()
            cancel()
          } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault()
            if (!empty) save()
          }
        }}
      />
      <div className={styles.actions}>
        <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={cancel}>
          Cancel
        </button>
        <button type="button" className={button({ size: 'sm' })} disabled={empty} onClick={save}>
          Save and send
        </button>
      </div>
    </div>
  )
}
