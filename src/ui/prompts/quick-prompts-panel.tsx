import { useSelector } from '@xstate/react'
import { type DragEvent, type KeyboardEvent, useId } from 'react'
import { cx } from 'styled-system/css'
import { isActivePrompt } from '../../domain/prompt-facts'
import { AppDialog } from '../shell/app-dialog'
import { button } from '../shell/button.recipe'
import { ArrowUpIcon, CloseIcon } from '../shell/dialog-icons'
import { ArrowDownIcon } from '../shell/session-icons'
import { PromptActivationButton } from './prompt-activation-button'
import { badge } from './prompt-badge.recipe'
import { quickPromptItem, quickPromptsPanel } from './quick-prompts.recipe'
import { useQuickPrompts } from './use-extras'

const styles = quickPromptsPanel()

const activationClass = cx(button({ variant: 'outline', size: 'sm' }), quickPromptItem().activation)
const toolClass = cx(button({ variant: 'ghost', size: 'icon' }), quickPromptItem().tool)

/** The entry being dragged travels as its id. */
const DRAGGED = 'application/x-quick-prompt'

/**
 * A moved entry's DOM node is taken out and put back, which drops focus: the control that had
 * it (found again by its name) gets it back once the list has moved.
 */
function keepFocus(list: HTMLElement | null) {
  const name = document.activeElement?.getAttribute('aria-label')
  if (!list || !name) return
  requestAnimationFrame(() => {
    for (const control of list.querySelectorAll<HTMLElement>('[aria-label]'))
      if (control.getAttribute('aria-label') === name) return control.focus()
  })
}

const dropTarget = (event: DragEvent<HTMLElement>, on: boolean) => {
  if (on) event.currentTarget.dataset.dropTarget = ''
  else delete event.currentTarget.dataset.dropTarget
}

/**
 * The Quick Prompts side panel (docs/product/screens.md#quick-prompts-panel): click to run,
 * hover to remove or move, drag to reorder, toggle system prompts.
 */
export function QuickPromptsPanel() {
  const quickPrompts = useQuickPrompts()
  const open = useSelector(quickPrompts, (s) => s.hasTag('open'))
  const entries = useSelector(quickPrompts, (s) => s.context.entries)
  const loading = useSelector(quickPrompts, (s) => s.matches({ list: 'loading' }))
  // Each entry's toggle is named "Activate" alike: its title, as its description, tells them
  // apart (docs/product/screens.md, "Quick prompts panel").
  const titleIds = useId()
  const move = (entryId: string, to: number, list: HTMLElement | null) => {
    keepFocus(list)
    quickPrompts.send({ type: 'quick.move', entryId, to })
  }
  return (
    <AppDialog
      open={open}
      onClose={() => quickPrompts.send({ type: 'quick.close' })}
      title="Quick Prompts"
      closeLabel="Close"
      placement="right"
    >
      {entries.length === 0 && !loading && (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>No quick prompts added</p>
          <p className={styles.emptyText}>Add prompts to your quick menu from the Prompt Library</p>
        </div>
      )}
      <ul className={styles.list}>
        {entries.map((entry, index) => {
          const { prompt } = entry
          // Only the user's own prompt can be their active one (not its author's flag).
          const active = prompt.isOwn && isActivePrompt(prompt)
          const titleId = `${titleIds}-${entry.id}`
          const item = quickPromptItem({ active })
          const last = index === entries.length - 1
          // Alt+Arrow moves the entry holding focus, whichever of its controls that is.
          const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
            const step = { ArrowUp: -1, ArrowDown: 1 }[event.key]
            if (!event.altKey || !step) return
            event.preventDefault()
            move(entry.id, index + step, event.currentTarget.parentElement)
          }
          return (
            <li
              key={entry.id}
              className={cx(item.root, 'group')}
              draggable
              onKeyDown={onKeyDown}
              onDragStart={(event) => {
                event.dataTransfer.setData(DRAGGED, entry.id)
                event.dataTransfer.effectAllowed = 'move'
              }}
              onDragOver={(event) => {
                if (!event.dataTransfer.types.includes(DRAGGED)) return
                event.preventDefault()
                dropTarget(event, true)
              }}
              onDragLeave={(event) => dropTarget(event, false)}
              onDrop={(event) => {
                event.preventDefault()
                dropTarget(event, false)
                const dragged = event.dataTransfer.getData(DRAGGED)
                if (dragged) quickPrompts.send({ type: 'quick.move', entryId: dragged, to: index })
              }}
            >
              <button
                type="button"
                className={item.run}
                onClick={() => quickPrompts.send({ type: 'quick.run', prompt })}
              >
                <span className={item.heading}>
                  <span id={titleId} className={item.title}>
                    {prompt.title}
                  </span>
                  {prompt.type === 'system' && (
                    <span className={badge({ tone: 'accent' })}>System</span>
                  )}
                  {active && <span className={badge({ tone: 'success' })}>Active</span>}
                </span>
                <span className={item.content}>{prompt.content}</span>
              </button>
              <PromptActivationButton
                prompt={prompt}
                className={activationClass}
                describedBy={titleId}
              />
              <div className={item.tools}>
                <button
                  type="button"
                  className={toolClass}
                  aria-label={`Move ${prompt.title} up`}
                  title="Move up (Alt+↑)"
                  disabled={index === 0}
                  onClick={(event) => move(entry.id, index - 1, event.currentTarget.closest('ul'))}
                >
                  <ArrowUpIcon width={16} height={16} />
                </button>
                <button
                  type="button"
                  className={toolClass}
                  aria-label={`Move ${prompt.title} down`}
                  title="Move down (Alt+↓)"
                  disabled={last}
                  onClick={(event) => move(entry.id, index + 1, event.currentTarget.closest('ul'))}
                >
                  <ArrowDownIcon width={16} height={16} />
                </button>
                <button
                  type="button"
                  className={toolClass}
                  aria-label={`Remove ${prompt.title} from quick menu`}
                  onClick={() => quickPrompts.send({ type: 'quick.remove', entry })}
                >
                  <CloseIcon width={16} height={16} />
                </button>
              </div>
            </li>
          )
        })}
      </ul>
    </AppDialog>
  )
}
