import { useSelector } from '@xstate/react'
import { css, cx } from 'styled-system/css'
import { groupModelsByProvider } from '../domain/model-groups'
import { useSessionActors } from './app-actors'
import { AppDialog } from './app-dialog'
import { CheckIcon, KeyIcon } from './icons'
import { ProviderBadge } from './provider-badge'
import { button } from './recipes/button'

/** 'Select AI Model' (docs/product/screens.md#model-picker): open while the picker machine says so. */
export function ModelPickerDialog() {
  const { chat, modelPicker } = useSessionActors()
  const open = useSelector(modelPicker, (s) => s.hasTag('open'))
  const models = useSelector(chat, (s) => s.context.models)
  const selectedId = useSelector(chat, (s) => s.context.selectedModelId)
  const groups = groupModelsByProvider(models)
  return (
    <AppDialog
      open={open}
      onClose={() => modelPicker.send({ type: 'picker.close' })}
      title="Select AI Model"
      description="Replies come straight from the provider, on your own API key."
      closeLabel="Close"
    >
      {groups.map((group) => (
        <section key={group.provider} aria-label={group.provider}>
          <h3
            className={css({
              fontSize: 'xs',
              fontWeight: 'semibold',
              textTransform: 'uppercase',
              letterSpacing: 'wider',
              color: 'fg.muted',
              mb: '2',
            })}
          >
            {group.provider}
          </h3>
          <ul className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
            {group.models.map((model) => {
              const selected = model.id === selectedId
              return (
                <li key={model.id}>
                  <button
                    type="button"
                    aria-pressed={selected}
                    onClick={() => modelPicker.send({ type: 'model.pick', modelId: model.id })}
                    className={css({
                      w: 'full',
                      textAlign: 'left',
                      display: 'flex',
                      alignItems: 'flex-start',
                      gap: '3',
                      p: '3',
                      borderRadius: 'card',
                      borderWidth: '1px',
                      borderColor: 'border',
                      cursor: 'pointer',
                      transition: 'border-color 0.15s, background 0.15s',
                      _hover: { borderColor: 'primary', bg: 'primary.muted' },
                      '&[aria-pressed=true]': {
                        borderColor: 'primary',
                        bg: 'primary.muted',
                      },
                    })}
                  >
                    <span className={css({ flex: 1, minW: 0 })}>
                      <span className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
                        <ProviderBadge provider={model.provider} />
                        <span className={css({ fontWeight: 'medium' })}>{model.name}</span>
                      </span>
                      <span
                        className={css({
                          display: 'block',
                          mt: '1',
                          fontSize: 'sm',
                          color: 'fg.muted',
                        })}
                      >
                        {model.description}
                      </span>
                    </span>
                    {selected && (
                      <CheckIcon
                        width={16}
                        height={16}
                        className={css({ color: 'primary', mt: '1' })}
                      />
                    )}
                  </button>
                </li>
              )
            })}
          </ul>
        </section>
      ))}
      <button
        type="button"
        className={cx(button({ variant: 'outline', size: 'md' }))}
        onClick={() => modelPicker.send({ type: 'keys.open' })}
      >
        <KeyIcon width={16} height={16} />
        Manage API Keys
      </button>
    </AppDialog>
  )
}
