import { useSelector } from '@xstate/react'
import { useId } from 'react'
import { cx } from 'styled-system/css'
import { isActivePrompt } from '../../domain/prompt-search'
import { AppDialog } from '../shell/app-dialog'
import { button } from '../shell/button.recipe'
import { CloseIcon } from '../shell/dialog-icons'
import { PromptActivationButton } from './prompt-activation-button'
import { badge } from './prompt-badge.recipe'
import { quickPromptItem, quickPromptsPanel } from './quick-prompts.recipe'
import { useQuickPrompts } from './use-extras'

const styles = quickPromptsPanel()

const activationClass = cx(button({ variant: 'outline', size: 'sm' }), quickPromptItem().activation)

/** The Quick Prompts side panel (docs/product/screens.md#quick-prompts-panel): click to run, hover to remove, toggle system prompts. */
export function QuickPromptsPanel() {
  const quickPrompts = useQuickPrompts()
  const open = useSelector(quickPrompts, (s) => s.hasTag('open'))
  const entries = useSelector(quickPrompts, (s) => s.context.entries)
  const loading = useSelector(quickPrompts, (s) => s.matches({ list: 'loading' }))
  // Each entry's toggle is named "Activate" alike: its title, as its description, tells them
  // apart (docs/product/screens.md, "Quick prompts panel").
  const titleIds = useId()
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
        {entries.map((entry) => {
          const { prompt } = entry
          // Only the user's own prompt can be their active one (not its author's flag).
          const active = prompt.isOwn && isActivePrompt(prompt)
          const titleId = `${titleIds}-${entry.id}`
          const item = quickPromptItem({ active })
          return (
            <li key={entry.id} className={cx(item.root, 'group')}>
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
              <button
                type="button"
                className={cx(item.remove, button({ variant: 'ghost', size: 'icon' }))}
                aria-label={`Remove ${prompt.title} from quick menu`}
                onClick={() => quickPrompts.send({ type: 'quick.remove', entry })}
              >
                <CloseIcon width={16} height={16} />
              </button>
            </li>
          )
        })}
      </ul>
    </AppDialog>
  )
}
