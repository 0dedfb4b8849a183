import { Combobox, createListCollection, useCombobox } from '@ark-ui/react/combobox'
import { Portal } from '@ark-ui/react/portal'
import { useSelector } from '@xstate/react'
import {
  type KeyboardEvent,
  type RefObject,
  type SyntheticEvent,
  type TextareaHTMLAttributes,
  useEffect,
  useMemo,
  useRef,
} from 'react'
import type { PickerPrompt } from '../../domain/prompt-picker'
import { hasVariables } from '../../domain/prompt-variables'
import { pickerMatches } from '../../machines/prompt-picker.machine'
import { badge } from '../prompts/prompt-badge.recipe'
import { useSessionActors } from '../shell/app-actors'
import { promptPicker } from './prompt-picker.recipe'

const styles = promptPicker()

const sameIds = (a: PickerPrompt[], b: PickerPrompt[]) =>
  a.length === b.length && a.every((prompt, i) => prompt === b[i])

/**
 * The `/` prompt picker (docs/product/variables.md): an Ark Combobox whose input is the
 * message box itself. The picker machine decides when it is open, what it offers and what a
 * choice does; this binds it to the textarea. While it is closed the textarea is a plain
 * textbox (as GitHub's `/` and `@` menus do), so the combobox role, and the keys it takes,
 * exist only while the list shows.
 */
export function usePromptPicker(field: RefObject<HTMLTextAreaElement | null>, value: string) {
  const { picker } = useSessionActors().prompts
  const open = useSelector(picker, (s) => s.hasTag('open'))
  const matches = useSelector(picker, (s) => pickerMatches(s.context), sameIds)
  const highlighted = useSelector(picker, (s) => s.context.highlighted)
  const inserted = useSelector(picker, (s) => s.context.inserted)
  const collection = useMemo(
    () =>
      createListCollection({
        items: matches,
        itemToValue: (prompt) => prompt.id,
        itemToString: (prompt) => prompt.title,
      }),
    [matches],
  )
  const combobox = useCombobox({
    collection,
    open,
    onOpenChange: (details) => {
      if (!details.open) picker.send({ type: 'picker.close' })
    },
    highlightedValue: highlighted,
    onHighlightChange: (details) =>
      picker.send({ type: 'picker.highlight', id: details.highlightedValue }),
    // Nothing stays selected: choosing inserts, and the input keeps the user's own text.
    value: [],
    onValueChange: (details) => {
      const [id] = details.value
      if (id) picker.send({ type: 'picker.choose', id })
    },
    allowCustomValue: true,
    selectionBehavior: 'preserve',
    closeOnSelect: false,
    openOnChange: false,
    openOnClick: false,
    openOnKeyPress: false,
    positioning: { placement: 'top-start', sameWidth: true, gutter: 8, flip: false },
  })

  // After an insert the caret goes right after the inserted text, once the text is in.
  const placed = useRef<unknown>(null)
  useEffect(() => {
    const element = field.current
    if (!inserted || placed.current === inserted || !element || element.value !== value) return
    placed.current = inserted
    element.setSelectionRange(inserted.caret, inserted.caret)
  }, [field, inserted, value])

  // The combobox's input props, for the textarea: its handlers read only key, value and focus.
  const input = combobox.getInputProps() as unknown as TextareaHTMLAttributes<HTMLTextAreaElement>
  const caretOf = (event: SyntheticEvent<HTMLTextAreaElement>) => ({
    text: event.currentTarget.value,
    caret: event.currentTarget.selectionStart ?? event.currentTarget.value.length,
  })
  /** Props for the textarea: the combobox's while open, the picker's events always. */
  const fieldProps = {
    id: input.id,
    'data-scope': 'combobox',
    'data-part': 'input',
    role: open ? 'combobox' : undefined,
    'aria-autocomplete': open ? ('list' as const) : undefined,
    'aria-expanded': open ? true : undefined,
    'aria-controls': open ? input['aria-controls'] : undefined,
    'aria-activedescendant': open ? input['aria-activedescendant'] : undefined,
    onFocus: input.onFocus,
    onBlur: input.onBlur,
    onSelect: (event: SyntheticEvent<HTMLTextAreaElement>) => {
      if (open) picker.send({ type: 'picker.caret', ...caretOf(event) })
    },
  }
  /** Typed text: the picker hears it after the chat has it. */
  const typed = (event: SyntheticEvent<HTMLTextAreaElement>) =>
    picker.send({ type: 'picker.typed', ...caretOf(event) })
  /**
   * The picker's keys while it is open (arrows, Enter, Escape): true when it took the key.
   * Enter with nothing highlighted only closes it.
   */
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return false
    // Escape is ours: Ark hears it only through a layer it registers a frame after opening,
    // so a quick Escape would be lost.
    if (event.key === 'Escape') {
      event.preventDefault()
      picker.send({ type: 'picker.close' })
      return true
    }
    input.onKeyDown?.(event)
    if (event.defaultPrevented) return true
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      picker.send({ type: 'picker.close' })
      return true
    }
    return false
  }
  return { combobox, open, matches, fieldProps, typed, keyDown }
}

/** The picker's list, above the message box. */
export function PromptPickerList({ matches }: { matches: PickerPrompt[] }) {
  return (
    <Portal>
      <Combobox.Positioner className={styles.positioner}>
        <Combobox.Content
          aria-label="Prompts"
          aria-labelledby={undefined}
          className={styles.content}
        >
          {matches.map((prompt) => (
            <Combobox.Item key={prompt.id} item={prompt} className={styles.item}>
              <span className={styles.heading}>
                <Combobox.ItemText className={styles.title}>{prompt.title}</Combobox.ItemText>
                {/* Neutral: readable on the highlight in both themes. */}
                {prompt.quick && <span className={badge()}>Quick</span>}
                {hasVariables(prompt.content) && <span className={badge()}>Variables</span>}
              </span>
              <span className={styles.snippet}>{prompt.content}</span>
            </Combobox.Item>
          ))}
        </Combobox.Content>
      </Combobox.Positioner>
    </Portal>
  )
}
