import { useSelector } from '@xstate/react'
import { css, cx } from 'styled-system/css'
import { isActivePrompt } from '../domain/prompt-search'
import { useSessionActors } from './app-actors'
import { AppDialog } from './app-dialog'
import { CloseIcon } from './icons'
import { PromptActivationButton } from './prompt-activation-button'
import { button } from './recipes/button'
import { badge } from './recipes/prompt-badge'

/** The Quick Prompts side panel (docs/product/screens.md#quick-prompts-panel): click to run, hover to remove, toggle system prompts. */
export function QuickPromptsPanel() {
  const { quickPrompts } = useSessionActors().prompts
  const open = useSelector(quickPrompts, (s) => s.hasTag('open'))
  const entries = useSelector(quickPrompts, (s) => s.context.entries)
  const loading = useSelector(quickPrompts, (s) => s.matches({ list: 'loading' }))
  return (
    <AppDialog
      open={open}
      onClose={() => quickPrompts.send({ type: 'quick.close' })}
      title="Quick Prompts"
      closeLabel="Close"
      placement="right"
    >
      {entries.length === 0 && !loading && (
        <div className={css({ textAlign: 'center', py: '10' })}>
          <p className={css({ fontWeight: 'medium' })}>No quick prompts added</p>
          <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>
            Add prompts to your quick menu from the Prompt Library
          </p>
        </div>
      )}
      <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        {entries.map((entry) => {
          const { prompt } = entry
          const active = isActivePrompt(prompt)
          return (
            <li
              key={entry.id}
              className={cx(
                'group',
                css({
                  position: 'relative',
                  borderWidth: '1px',
                  borderColor: active ? 'primary' : 'border',
                  borderRadius: 'card',
                  _hover: { bg: 'primary.muted' },
                }),
              )}
            >
              <button
                type="button"
                className={css({
                  w: 'full',
                  textAlign: 'left',
                  p: '3',
                  pr: '10',
                  cursor: 'pointer',
                })}
                onClick={() => quickPrompts.send({ type: 'quick.run', prompt })}
              >
                <span className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
                  <span className={css({ fontWeight: 'medium', fontSize: 'sm' })}>
                    {prompt.title}
                  </span>
                  {prompt.type === 'system' && (
                    <span className={badge({ tone: 'accent' })}>System</span>
                  )}
                  {active && <span className={badge({ tone: 'success' })}>Active</span>}
                </span>
                <span
                  className={css({
                    display: 'block',
                    color: 'fg.muted',
                    fontSize: 'xs',
                    lineClamp: 2,
                    mt: '1',
                  })}
                >
                  {prompt.content}
                </span>
              </button>
              <PromptActivationButton
                prompt={prompt}
                className={cx(
                  button({ variant: 'outline', size: 'sm' }),
                  css({ mx: '3', mb: '3' }),
                )}
              />
              <button
                type="button"
                aria-label={`Remove ${prompt.title} from quick menu`}
                className={cx(
                  button({ variant: 'ghost', size: 'icon' }),
                  css({
                    position: 'absolute',
                    top: '1.5',
                    right: '1.5',
                    opacity: 0,
                    _groupHover: { opacity: 1 },
                    _focusVisible: { opacity: 1 },
                  }),
                )}
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
