import { Switch } from '@ark-ui/react/switch'
import { createStyleContext } from '../shell/style-context'
import { settingSwitch } from './style-dialog.recipe'

const parts = createStyleContext(settingSwitch)
const Setting = {
  Root: parts.withProvider(Switch.Root, 'root'),
  Text: parts.withContext('span', 'text'),
  Label: parts.withContext(Switch.Label, 'label'),
  Hint: parts.withContext('span', 'hint'),
  Control: parts.withContext(Switch.Control, 'control'),
  Thumb: parts.withContext(Switch.Thumb, 'thumb'),
}

/** A named on/off setting of the Behavior tab. */
export function StyleSwitch({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string
  hint: string
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <Setting.Root checked={checked} onCheckedChange={(details) => onChange(details.checked)}>
      <Setting.Text>
        <Setting.Label>{label}</Setting.Label>
        <Setting.Hint>{hint}</Setting.Hint>
      </Setting.Text>
      <Setting.Control>
        <Setting.Thumb />
      </Setting.Control>
      {/* Heard as a switch, not a checkbox. */}
      <Switch.HiddenInput role="switch" />
    </Setting.Root>
  )
}
