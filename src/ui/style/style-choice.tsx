import { RadioGroup } from '@ark-ui/react/radio-group'
import { createStyleContext } from '../shell/style-context'
import { choiceGroup } from './style-dialog.recipe'

const parts = createStyleContext(choiceGroup)
const Choice = {
  Root: parts.withProvider(RadioGroup.Root, 'root'),
  Label: parts.withContext(RadioGroup.Label, 'label'),
  Items: parts.withContext('div', 'items'),
  Item: parts.withContext(RadioGroup.Item, 'item'),
  ItemText: parts.withContext(RadioGroup.ItemText, 'itemText'),
}

export interface ChoiceOption<T extends string> {
  value: T
  label: string
  /** The value it stands for, after the label: 'Small 14px'. */
  detail?: string
}

/** One of a few named values (font size, radius, spacing, theme, alignment), as a radio group. */
export function StyleChoice<T extends string>({
  label,
  value,
  options,
  onChange,
  width = 'short',
}: {
  /** `wide` gives each option room for a longer name, such as a font's. */
  width?: 'short' | 'wide'
  label: string
  value: T
  options: ReadonlyArray<ChoiceOption<T>>
  onChange: (value: T) => void
}) {
  return (
    <Choice.Root
      width={width}
      value={value}
      onValueChange={(details) => onChange(details.value as T)}
    >
      <Choice.Label>{label}</Choice.Label>
      <Choice.Items>
        {options.map((option) => (
          <Choice.Item key={option.value} value={option.value}>
            {/* One text, as the spec words it: 'Small 14px'. */}
            <Choice.ItemText>
              {option.detail ? `${option.label} ${option.detail}` : option.label}
            </Choice.ItemText>
            <RadioGroup.ItemHiddenInput />
          </Choice.Item>
        ))}
      </Choice.Items>
    </Choice.Root>
  )
}
