import { RadioGroup } from '@ark-ui/react/radio-group'
import { Switch } from '@ark-ui/react/switch'
import { useSelector } from '@xstate/react'
import { css } from 'styled-system/css'
import type { PromptType } from '../domain/prompt-types'
import { useSessionActors } from './app-actors'
import { PromptFormDialog, PromptTextFields } from './prompt-form'
import { fieldLabel } from './recipes/prompt-field'

const TYPES: Array<{ value: PromptType; label: string }> = [
  { value: 'user', label: 'User Prompt' },
  { value: 'system', label: 'System Prompt' },
]

const radioControl = css({
  w: '4',
  h: '4',
  borderRadius: 'full',
  borderWidth: '2px',
  borderColor: 'border',
  _checked: {
    borderColor: 'primary',
    bg: 'primary',
    boxShadow: 'inset 0 0 0 3px var(--colors-card)',
  },
})

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
      onCancel={() => library.send({ type: 'form.cancel' })}
      onSubmit={() => library.send({ type: 'create.submit' })}
    >
      <PromptTextFields
        title={draft.title}
        content={draft.content}
        onChange={(patch) => library.send({ type: 'create.change', patch })}
      />
      <RadioGroup.Root
        value={draft.type}
        onValueChange={({ value }) =>
          library.send({ type: 'create.change', patch: { type: value as PromptType } })
        }
        className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}
      >
        <RadioGroup.Label className={fieldLabel}>Type</RadioGroup.Label>
        <div className={css({ display: 'flex', gap: '5' })}>
          {TYPES.map((option) => (
            <RadioGroup.Item
              key={option.value}
              value={option.value}
              className={css({
                display: 'flex',
                alignItems: 'center',
                gap: '2',
                cursor: 'pointer',
                fontSize: 'sm',
              })}
            >
              <RadioGroup.ItemControl className={radioControl} />
              <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
              <RadioGroup.ItemHiddenInput />
            </RadioGroup.Item>
          ))}
        </div>
      </RadioGroup.Root>
      <Switch.Root
        checked={draft.isPublic}
        onCheckedChange={({ checked }) =>
          library.send({ type: 'create.change', patch: { isPublic: checked } })
        }
        className={css({
          display: 'flex',
          alignItems: 'center',
          gap: '3',
          cursor: 'pointer',
        })}
      >
        <Switch.Control
          className={css({
            w: '9',
            h: '5',
            p: '0.5',
            borderRadius: 'full',
            bg: 'border',
            display: 'flex',
            _checked: { bg: 'primary', justifyContent: 'flex-end' },
          })}
        >
          <Switch.Thumb className={css({ w: '4', h: '4', borderRadius: 'full', bg: 'white' })} />
        </Switch.Control>
        <Switch.Label className={css({ fontSize: 'sm' })}>Make Public</Switch.Label>
        <Switch.HiddenInput />
      </Switch.Root>
    </PromptFormDialog>
  )
}
