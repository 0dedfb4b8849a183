import { useSelector } from '@xstate/react'
import { useRef } from 'react'
import { groupModelsByProvider } from '../../domain/model-groups'
import { useSessionActors } from '../shell/app-actors'
import { AppDialog } from '../shell/app-dialog'
import { KeyIcon } from '../shell/dialog-icons'
import { CheckIcon } from '../shell/session-icons'
import { modelPicker as modelPickerRecipe } from './model-picker.recipe'
import { ProviderBadge } from './provider-badge'

const styles = modelPickerRecipe()

import { button } from '../shell/button.recipe'

/** 'Select AI Model' (docs/product/screens.md#model-picker): open while the picker machine says so. */
export function ModelPickerDialog() {
  const { models: modelsActor } = useSessionActors()
  const open = useSelector(modelsActor, (s) => s.hasTag('open'))
  const models = useSelector(modelsActor, (s) => s.context.models)
  const selectedId = useSelector(modelsActor, (s) => s.context.selectedModelId)
  const groups = groupModelsByProvider(models)
  // Focus starts on the model in use, so the focused entry is never a second "selected" one.
  const selectedButton = useRef<HTMLButtonElement>(null)
  return (
    <AppDialog
      open={open}
      onClose={() => modelsActor.send({ type: 'picker.close' })}
      initialFocus={() => selectedButton.current}
      title="Select AI Model"
      description="Replies come straight from the provider, on your own API key."
      closeLabel="Close"
    >
      {groups.map((group) => (
        <section key={group.provider} aria-label={group.label}>
          <h3 className={styles.group}>{group.label}</h3>
          <ul className={styles.list}>
            {group.models.map((model) => {
              const selected = model.id === selectedId
              return (
                <li key={model.id}>
                  <button
                    ref={selected ? selectedButton : undefined}
                    type="button"
                    aria-pressed={selected}
                    onClick={() => modelsActor.send({ type: 'model.pick', modelId: model.id })}
                    className={styles.option}
                  >
                    <span className={styles.text}>
                      <span className={styles.heading}>
                        <ProviderBadge provider={model.provider} label={group.label} />
                        <span className={styles.name}>{model.name}</span>
                      </span>
                      <span className={styles.description}>{model.description}</span>
                    </span>
                    {selected && <CheckIcon width={16} height={16} className={styles.check} />}
                  </button>
                </li>
              )
            })}
          </ul>
        </section>
      ))}
      <button
        type="button"
        className={button({ variant: 'outline', size: 'md' })}
        onClick={() => modelsActor.send({ type: 'keys.open' })}
      >
        <KeyIcon width={16} height={16} />
        Manage API Keys
      </button>
    </AppDialog>
  )
}
