import { RadioGroup } from '@ark-ui/react/radio-group'
import { Switch } from '@ark-ui/react/switch'
import type { PromptType } from '../../domain/prompt-types'
import { createStyleContext } from '../shell/style-context'
import { promptTypeRadio, publicSwitch } from './prompt-create-dialog.recipe'
import { fieldLabel } from './prompt-field.recipe'

const TYPES: Array<{ value: PromptType; label: string }> = [
  { value: 'user', label: 'User Prompt' },
  { value: 'system', label: 'System Prompt' },
]

const radio = createStyleContext(promptTypeRadio)
const TypeRadio = {
  Root: radio.withProvider(RadioGroup.Root, 'root'),
  Items: radio.withContext('div', 'items'),
  Item: radio.withContext(RadioGroup.Item, 'item'),
  ItemControl: radio.withContext(RadioGroup.ItemControl, 'control'),
}

const toggle = createStyleContext(publicSwitch)
const PublicSwitch = {
  Root: toggle.withProvider(Switch.Root, 'root'),
  Control: toggle.withContext(Switch.Control, 'control'),
  Thumb: toggle.withContext(Switch.Thumb, 'thumb'),
  Label: toggle.withContext(Switch.Label, 'label'),
}

type KindPatch = { type: PromptType } | { isPublic: boolean }

/**
 * A prompt's Type radio and Make Public switch: set at creation, changed in Edit Prompt
 * (docs/product/screens.md#edit-prompt). Ark parts no other library view uses, so they load
 * with these two dialogs (docs/performance.md, "Split").
 */
export function PromptKindFields({
  type,
  isPublic,
  onChange,
}: {
  type: PromptType
  isPublic: boolean
  onChange: (patch: KindPatch) => void
}) {
  return (
    <>
      <TypeRadio.Root
        value={type}
        onValueChange={({ value }) => onChange({ type: value as PromptType })}
      >
        <RadioGroup.Label className={fieldLabel}>Type</RadioGroup.Label>
        <TypeRadio.Items>
          {TYPES.map((option) => (
            <TypeRadio.Item key={option.value} value={option.value}>
              <TypeRadio.ItemControl />
              <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
              <RadioGroup.ItemHiddenInput />
            </TypeRadio.Item>
          ))}
        </TypeRadio.Items>
      </TypeRadio.Root>
      <PublicSwitch.Root
        checked={isPublic}
        onCheckedChange={({ checked }) => onChange({ isPublic: checked })}
      >
        <PublicSwitch.Control>
          <PublicSwitch.Thumb />
        </PublicSwitch.Control>
        <PublicSwitch.Label>Make Public</PublicSwitch.Label>
        <Switch.HiddenInput />
      </PublicSwitch.Root>
    </>
  )
}
