import { useSelector } from '@xstate/react'
import { useSessionActors } from '../shell/app-actors'
import { HeaderButton } from '../shell/header-layout'
import { ChevronDownIcon, CpuIcon } from '../shell/icons'
import { modelPicker } from './model-picker.recipe'

const { buttonLabel } = modelPicker()

/**
 * Opens 'Select AI Model'; shows the selected model's name. In the bar the name stays after
 * the other labels have gone, and when it goes too the button's name and tooltip still say it.
 */
export function ModelPickerButton() {
  const { models } = useSessionActors()
  const name = useSelector(models, (s) => {
    const selected = s.context.models.find((m) => m.id === s.context.selectedModelId)
    return selected?.name ?? null
  })
  return (
    <HeaderButton
      icon={<CpuIcon width={16} height={16} />}
      label={name ?? 'Select Model'}
      trailing={<ChevronDownIcon width={14} height={14} />}
      collapse="model"
      labelClassName={buttonLabel}
      onClick={() => models.send({ type: 'picker.open' })}
    />
  )
}
