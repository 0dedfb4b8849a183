import { useSelector } from '@xstate/react'
import { Suspense, useState } from 'react'
import { COMPARE_MIN_MODELS } from '../../domain/compare'
import { useSessionActors } from '../shell/app-actors'
import { button } from '../shell/button.recipe'
import { Icon, type IconProps } from '../shell/icons'
import { lazyComponent } from '../shell/lazy-view'
import { compareChooser } from './compare-chooser.recipe'

const styles = compareChooser()

// The choice of models loads as it first opens (docs/performance.md, "Split").
const CompareDialog = lazyComponent(() => import('./compare-dialog').then((m) => m.CompareDialog))

const ColumnsIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M9 4v16M15 4v16" />
  </Icon>
)

/**
 * The composer's `Compare models` button (docs/product/compare.md): it opens the choice of
 * two to four models, and shows pressed while compare mode is on.
 */
export function CompareButton({ disabled }: { disabled: boolean }) {
  const { turn } = useSessionActors()
  const on = useSelector(turn, (s) => s.context.compareWith.length >= COMPARE_MIN_MODELS)
  // Not while a message is on its way: the choice is for the next one.
  const sending = useSelector(turn, (s) => s.hasTag('busy'))
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        aria-label="Compare models"
        title="Compare models"
        aria-pressed={on}
        disabled={disabled || sending}
        onClick={() => setOpen(true)}
        className={button({ variant: on ? 'outline' : 'ghost', size: 'icon' })}
      >
        <ColumnsIcon width={16} height={16} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <CompareDialog.Component onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}

/**
 * `Compare again` on a sent message (docs/product/compare.md#comparing-again): the message goes
 * to the models chosen, its reply on screen kept as a version.
 */
export function CompareAgainButton({ messageId }: { messageId: string }) {
  const { openConversation } = useSessionActors()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        aria-label="Compare again"
        title="Compare again"
        onClick={() => setOpen(true)}
        className={button({ variant: 'ghost', size: 'sm' })}
      >
        <ColumnsIcon width={14} height={14} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <CompareDialog.Component
            onClose={() => setOpen(false)}
            onCompare={(modelIds) =>
              openConversation.send({ type: 'message.answer', messageId, modelIds })
            }
          />
        </Suspense>
      )}
    </>
  )
}

/** Above the box while compare mode is on: which models the next message goes to. */
export function CompareBar() {
  const { turn, models } = useSessionActors()
  const ids = useSelector(turn, (s) => s.context.compareWith)
  const all = useSelector(models, (s) => s.context.models)
  if (ids.length < COMPARE_MIN_MODELS) return null
  const names = ids.map((id) => all.find((model) => model.id === id)?.name ?? id)
  return (
    <div role="status" className={styles.bar}>
      <span className={styles.names}>Comparing {names.join(', ')}</span>
      <button
        type="button"
        className={button({ variant: 'ghost', size: 'sm' })}
        onClick={() => turn.send({ type: 'compare.choose', modelIds: [] })}
      >
        Stop comparing
      </button>
    </div>
  )
}
