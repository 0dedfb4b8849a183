import { RadioGroup } from '@ark-ui/react/radio-group'
import { Switch } from '@ark-ui/react/switch'
import { useSelector } from '@xstate/react'
import type { PromptType } from '../../domain/prompt-types'
import { useSessionActors } from '../shell/app-actors'
import { createStyleContext } from '../shell/style-context'
import { promptTypeRadio, publicSwitch } from './prompt-create-dialog.recipe'
import { fieldLabel } from './prompt-field.recipe'
import { PromptFormDialog, PromptTextFields } from './prompt-form'

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

/** Create New Prompt (docs/product/screens.md#create-prompt): the draft lives in the library machine. */
export function PromptCreateDialog() {
  const { library } = useSessionActors().prompts
  const open = useSelector(library, (s) => s.hasTag('creating'))
  const busy = useSelector(library, (s) => s.hasTag('creating') && s.hasTag('busy'))
  const draft = useSelector(library, (s) => s.context.create)
  return (
    <PromptFormDialog
      open={open}
      title="Create New Prompt"
      submitLabel="Create Prompt"
      busy={busy}
      blank={!draft.title.trim() || !draft.content.trim()}
      changed={draft.title.trim() !== '' || draft.content.trim() !== ''}
      onCancel={() => library.send({ type: 'form.cancel' })}
      onSubmit={() => library.send({ type: 'create.submit' })}
    >
      <PromptTextFields
        title={draft.title}
        content={draft.content}
        onChange={(patch) => library.send({ type: 'create.change', patch })}
      />
      <TypeRadio.Root
        value={draft.type}
        onValueChange={({ value }) =>
          library.send({ type: 'create.change', patch: { type: value as PromptType } })
        }
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
        checked={draft.isPublic}
        onCheckedChange={({ checked }) =>
          library.send({ type: 'create.change', patch: { isPublic: checked } })
        }
      >
        <PublicSwitch.Control>
          <PublicSwitch.Thumb />
        </PublicSwitch.Control>
        <PublicSwitch.Label>Make Public</PublicSwitch.Label>
        <Switch.HiddenInput />
      </PublicSwitch.Root>
    </PromptFormDialog>
  )
}
