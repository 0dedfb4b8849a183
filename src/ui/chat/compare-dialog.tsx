import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { COMPARE_MAX_MODELS, COMPARE_MIN_MODELS } from '../../domain/compare'
import { groupModelsByProvider } from '../../domain/model-groups'
import { useSessionActors } from '../shell/app-actors'
import { AppDialog } from '../shell/app-dialog'
import { button } from '../shell/button.recipe'
import { CheckIcon } from '../shell/session-icons'
import { compareChooser } from './compare-chooser.recipe'
import { modelPicker } from './model-picker.recipe'
import { ProviderBadge } from './provider-badge'

const styles = compareChooser()
const options = modelPicker()

/**
 * The models to compare: the choice is the dialog's own until `Compare` hands it to the turn,
 * for the next message, or to `onCompare`, for a sent message compared again
 * (docs/product/compare.md#comparing-again).
 */
export function CompareDialog({
  onClose,
  onCompare,
}: {
  onClose: () => void
  onCompare?: (modelIds: readonly string[]) => void
}) {
  const { turn, models: modelsActor } = useSessionActors()
  const models = useSelector(modelsActor, (s) => s.context.models)
  const current = useSelector(turn, (s) => s.context.compareWith)
  const selectedId = useSelector(modelsActor, (s) => s.context.selectedModelId)
  const [chosen, setChosen] = useState<readonly string[]>(() =>
    current.length > 0 ? current : selectedId ? [selectedId] : [],
  )
  const full = chosen.length >= COMPARE_MAX_MODELS
  const toggle = (id: string) =>
    setChosen((ids) => (ids.includes(id) ? ids.filter((one) => one !== id) : [...ids, id]))
  const choose = (modelIds: readonly string[]) => {
    if (onCompare) onCompare(modelIds)
    else turn.send({ type: 'compare.choose', modelIds })
    onClose()
  }
  return (
    <AppDialog
      open
      onClose={onClose}
      title="Compare models"
      description={
        onCompare
          ? 'This message goes to each of them again; you pick the reply to continue with.'
          : 'Your next message goes to each of them at once; you pick the reply to continue with.'
      }
      closeLabel="Close"
      footer={
        <>
          <span className={styles.hint} aria-live="polite">
            {chosen.length} of {COMPARE_MAX_MODELS} chosen · choose {COMPARE_MIN_MODELS} to{' '}
            {COMPARE_MAX_MODELS}
          </span>
          {current.length > 0 && !onCompare && (
            <button
              type="button"
              className={button({ variant: 'outline', size: 'md' })}
              onClick={() => choose([])}
            >
              Stop comparing
            </button>
          )}
          <button
            type="button"
            onClick={() => choose(chosen)}
            disabled={chosen.length < COMPARE_MIN_MODELS}
            className={button({ size: 'md' })}
          >
            Compare
          </button>
        </>
      }
    >
      {groupModelsByProvider(models).map((group) => (
        <section key={group.provider} aria-label={group.label}>
          <h3 className={options.group}>{group.label}</h3>
          <ul className={options.list}>
            {group.models.map((model) => {
              const pressed = chosen.includes(model.id)
              return (
                <li key={model.id}>
                  <button
                    type="button"
                    aria-pressed={pressed}
                    disabled={!pressed && full}
                    onClick={() => toggle(model.id)}
                    className={options.option}
                  >
                    <span className={options.text}>
                      <span className={options.heading}>
                        <ProviderBadge provider={model.provider} label={group.label} />
                        <span className={options.name}>{model.name}</span>
                      </span>
                    </span>
                    {pressed && <CheckIcon width={16} height={16} className={options.check} />}
                  </button>
                </li>
              )
            })}
          </ul>
        </section>
      ))}
    </AppDialog>
  )
}
