import { useSelector } from '@xstate/react'
import {
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
  type SyntheticEvent,
  useEffect,
  useId,
  useRef,
} from 'react'
import { useAppActors, useSessionActors } from '../shell/app-actors'

/** The message box's text and caret, as the picker hears them. */
type Typed = { text: string; caret: number }

/** The id of an option of the list `listId`: what the textarea's aria-activedescendant names. */
export const optionId = (listId: string, promptId: string) => `${listId}-${promptId}`

/**
 * The `/` prompt picker (docs/product/variables.md): an ARIA combobox whose input is the message
 * box itself, with the list of prompts above it. The picker machine decides when it is open,
 * what it offers, which option is highlighted and what a choice does; this binds it to the
 * textarea. While it is closed the textarea is a plain textbox (as GitHub's `/` and `@` menus
 * do), so the combobox role, and the keys it takes, exist only while the list shows.
 *
 * Written by hand rather than with Ark's Combobox: the message box is on the chat's first paint,
 * and Ark's Combobox brought zag's combobox, dismissal, presence and floating-ui with it, about
 * 30 KB of the signed-in first paint (docs/performance.md, "Split"). The list needs no
 * positioning engine: it sits above the box, as wide as it.
 *
 * The picker is one of the extras, started a moment after the first paint (when the page is
 * idle). A `/` typed before it has started asks for it at once, and what was typed reaches it
 * as it starts: the list opens then.
 */
export function usePromptPicker(field: RefObject<HTMLTextAreaElement | null>, value: string) {
  const { picker } = useSessionActors().prompts
  const { app } = useAppActors()
  const open = useSelector(picker, (s) => s?.hasTag('open') ?? false)
  // The highlighted option is always one of those on offer, and there is one whenever any
  // is: the machine highlights the first match as the list opens and as the query changes.
  const active = useSelector(picker, (s) =>
    s?.hasTag('open') ? s.context.prompts.find((p) => p.id === s.context.highlighted) : undefined,
  )
  const inserted = useSelector(picker, (s) => s?.context.inserted ?? null)
  const listId = useId()

  // After an insert the caret goes right after the inserted text, once the text is in.
  const placed = useRef<unknown>(null)
  useEffect(() => {
    const element = field.current
    if (!inserted || placed.current === inserted || !element || element.value !== value) return
    placed.current = inserted
    element.setSelectionRange(inserted.caret, inserted.caret)
  }, [field, inserted, value])

  // A press anywhere but the box and the list closes it, as leaving a menu does.
  useEffect(() => {
    if (!open) return
    const outside = (event: PointerEvent) => {
      const target = event.target as Node | null
      const list = document.getElementById(listId)
      if (target && (field.current?.contains(target) || list?.contains(target))) return
      picker?.send({ type: 'picker.close' })
    }
    document.addEventListener('pointerdown', outside, true)
    return () => document.removeEventListener('pointerdown', outside, true)
  }, [open, listId, field, picker])

  const caretOf = (event: SyntheticEvent<HTMLTextAreaElement>): Typed => ({
    text: event.currentTarget.value,
    caret: event.currentTarget.selectionStart ?? event.currentTarget.value.length,
  })
  /** Props for the textarea: the combobox's while the list shows, the picker's events always. */
  const fieldProps = {
    role: open ? 'combobox' : undefined,
    'aria-autocomplete': open ? ('list' as const) : undefined,
    'aria-expanded': open ? true : undefined,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant': active ? optionId(listId, active.id) : undefined,
    onSelect: (event: SyntheticEvent<HTMLTextAreaElement>) => {
      if (open) picker?.send({ type: 'picker.caret', ...caretOf(event) })
    },
    // Focus moving to another control closes it; a window losing focus does not.
    onBlur: (event: FocusEvent<HTMLTextAreaElement>) => {
      if (open && event.relatedTarget !== null) picker?.send({ type: 'picker.close' })
    },
  }
  // Typed before the picker started: the `/` as typed, then the text as it is now.
  const early = useRef<{ slash: Typed; now: Typed } | null>(null)
  useEffect(() => {
    if (!picker || !early.current) return
    const { slash, now } = early.current
    early.current = null
    picker.send({ type: 'picker.typed', ...slash })
    if (now !== slash) picker.send({ type: 'picker.typed', ...now })
  }, [picker])
  /** Typed text: the picker hears it after the chat has it. */
  const typed = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    const now = caretOf(event)
    if (picker) {
      picker.send({ type: 'picker.typed', ...now })
    } else if (early.current) {
      early.current.now = now
    } else if (now.text[now.caret - 1] === '/') {
      early.current = { slash: now, now }
      app.send({ type: 'extras.preload' })
    }
  }
  /**
   * The picker's keys while its list shows (arrows, Enter, Escape): true when it took the key.
   * Enter chooses the highlighted prompt; with none highlighted it only closes the list.
   */
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open || event.nativeEvent.isComposing) return false
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (!active) return false
        picker?.send({ type: 'picker.move', step: event.key === 'ArrowDown' ? 1 : -1 })
        break
      case 'Escape':
        picker?.send({ type: 'picker.close' })
        break
      case 'Enter':
        if (event.shiftKey) return false
        picker?.send(active ? { type: 'picker.choose', id: active.id } : { type: 'picker.close' })
        break
      default:
        return false
    }
    event.preventDefault()
    return true
  }
  const list = {
    id: listId,
    open,
    highlighted: active?.id ?? null,
    highlight: (id: string) => {
      if (id !== active?.id) picker?.send({ type: 'picker.highlight', id })
    },
    choose: (id: string) => picker?.send({ type: 'picker.choose', id }),
  }
  return { fieldProps, typed, keyDown, list }
}

export type PickerList = ReturnType<typeof usePromptPicker>['list']
