import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { type PickerPrompt, pickerMatches } from '../../domain/prompt-picker'
import { hasVariables } from '../../domain/prompt-variables'
import { badge } from '../prompts/prompt-badge.recipe'
import { useSessionActors } from '../shell/app-actors'
import { optionId, type PickerList } from './prompt-picker'
import { promptPicker } from './prompt-picker.recipe'

const styles = promptPicker()

const NONE: PickerPrompt[] = []

const sameIds = (a: PickerPrompt[], b: PickerPrompt[]) =>
  a.length === b.length && a.every((prompt, i) => prompt === b[i])

/**
 * The `/` picker's list, above the message box and as wide as it; nothing while closed. It loads
 * as the picker first opens, not with the page (docs/performance.md, "Split").
 */
export function PromptPickerList({ list }: { list: PickerList }) {
  const { picker } = useSessionActors().prompts
  const matches = useSelector(picker, (s) => (s ? pickerMatches(s.context) : NONE), sameIds)
  // The highlighted option stays in view as the arrows move through a long list.
  useEffect(() => {
    if (list.highlighted === null) return
    const element = document.getElementById(optionId(list.id, list.highlighted))
    element?.scrollIntoView?.({ block: 'nearest' })
  }, [list.id, list.highlighted])
  if (!list.open) return null
  return (
    <div id={list.id} role="listbox" aria-label="Prompts" className={styles.content}>
      {matches.map((prompt) => {
        const highlighted = prompt.id === list.highlighted
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the textarea's, which names the highlighted option (aria-activedescendant); focus never leaves it.
          <div
            key={prompt.id}
            id={optionId(list.id, prompt.id)}
            role="option"
            tabIndex={-1}
            aria-selected={highlighted}
            data-highlighted={highlighted ? '' : undefined}
            className={styles.item}
            // The textarea keeps the focus (and the caret) while the pointer chooses.
            onMouseDown={(event) => event.preventDefault()}
            onPointerMove={() => list.highlight(prompt.id)}
            onClick={() => list.choose(prompt.id)}
          >
            <span className={styles.heading}>
              <span className={styles.title}>{prompt.title}</span>
              {/* Neutral: readable on the highlight in both themes. */}
              {prompt.quick && <span className={badge()}>Quick</span>}
              {hasVariables(prompt.content) && <span className={badge()}>Variables</span>}
            </span>
            <span className={styles.snippet}>{prompt.content}</span>
          </div>
        )
      })}
    </div>
  )
}
