import { useSelector } from '@xstate/react'
import { css } from 'styled-system/css'
import { useSessionActors } from '../shell/app-actors'
import { HeaderButton } from '../shell/header-layout'
import { ChevronDownIcon, CpuIcon } from '../shell/session-icons'

// The model name on one line. The header's widths (header.recipe.ts) make room for the seeded
// names, the longest 'Gemini 2.5 Flash-Lite' (148 px in the widest font at 16 px); only a
// longer name than any seeded is cut short, at 10rem. Not the dialog's recipe: that loads with
// the dialog (docs/performance.md, "Split").
const buttonLabel = css({
  maxW: '40',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})

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
