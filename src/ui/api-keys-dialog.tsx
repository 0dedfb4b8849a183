import { useSelector } from '@xstate/react'
import { css, cx } from 'styled-system/css'
import type { ActorRefFrom } from 'xstate'
import type { ProviderName } from '../domain/chat-types'
import { type apiKeysMachine, KEY_PROVIDERS } from '../machines/api-keys.machine'
import { useSessionActors } from './app-actors'
import { AppDialog } from './app-dialog'
import { CheckIcon, EyeIcon, EyeOffIcon, ShieldIcon } from './icons'
import { ProviderBadge } from './provider-badge'
import { button } from './recipes/button'

type ApiKeysRef = ActorRefFrom<typeof apiKeysMachine>

const PROVIDER_LABELS: Record<ProviderName, { label: string; placeholder: string }> = {
  openai: { label: 'OpenAI', placeholder: 'sk-...' },
  anthropic: { label: 'Anthropic', placeholder: 'sk-ant-...' },
  google: { label: 'Google', placeholder: 'AIza...' },
}

/** Manage API Keys (docs/product/screens.md#api-keys-dialog): open while the picker machine runs its key manager. */
export function ApiKeysDialog() {
  const { modelPicker } = useSessionActors()
  const keys = useSelector(modelPicker, (s) => s.children.apiKeys as ApiKeysRef | undefined)
  return (
    <AppDialog
      open={!!keys}
      onClose={() => modelPicker.send({ type: 'keys.close' })}
      title="Manage API Keys"
      description="One key per provider. Chats call the provider directly with your key."
      closeLabel="Close"
    >
      {keys && KEY_PROVIDERS.map((p) => <KeyRow key={p} keys={keys} provider={p} />)}
      <p
        className={css({
          display: 'flex',
          gap: '2',
          alignItems: 'flex-start',
          fontSize: 'sm',
          color: 'fg.muted',
          bg: 'primary.muted',
          borderRadius: 'card',
          p: '3',
        })}
      >
        <ShieldIcon width={16} height={16} className={css({ flexShrink: 0, mt: '0.5' })} />
        Your API keys are encrypted and stored securely. They are only used to make requests to the
        AI providers on your behalf.
      </p>
    </AppDialog>
  )
}

function KeyRow({ keys, provider }: { keys: ApiKeysRef; provider: ProviderName }) {
  const draft = useSelector(keys, (s) => s.context.drafts[provider])
  const saved = useSelector(keys, (s) => s.context.saved[provider])
  const revealed = useSelector(keys, (s) => s.context.revealed[provider])
  const savingThis = useSelector(keys, (s) => s.context.saving === provider)
  const busy = useSelector(keys, (s) => s.hasTag('busy'))
  const { label, placeholder } = PROVIDER_LABELS[provider]
  const inputId = `api-key-${provider}`
  const buttonText = savingThis ? 'Saving...' : saved ? 'Update API Key' : 'Save API Key'
  return (
    <form
      aria-label={`${label} API key`}
      onSubmit={(event) => {
        event.preventDefault()
        keys.send({ type: 'key.save', provider })
      }}
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '2',
        p: '3',
        borderWidth: '1px',
        borderColor: 'border',
        borderRadius: 'card',
      })}
    >
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
        <label htmlFor={inputId} className={css({ fontWeight: 'medium' })}>
          {label} API Key
        </label>
        <ProviderBadge provider={provider} />
        {saved && (
          <span
            className={css({
              ml: 'auto',
              display: 'inline-flex',
              alignItems: 'center',
              gap: '1',
              fontSize: 'xs',
              color: 'green.600',
              _dark: { color: 'green.300' },
            })}
          >
            <CheckIcon width={12} height={12} />
            Saved
          </span>
        )}
      </div>
      <div className={css({ display: 'flex', gap: '2' })}>
        <div className={css({ position: 'relative', flex: 1 })}>
          <input
            id={inputId}
            type={revealed ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            placeholder={placeholder}
            value={draft}
            onChange={(event) =>
              keys.send({ type: 'key.change', provider, value: event.target.value })
            }
            // Enter asks to save even when the button is disabled, so a blank key is refused
            // out loud (docs/product/validation.md) rather than silently.
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return
              event.preventDefault()
              keys.send({ type: 'key.save', provider })
            }}
            className={css({
              w: 'full',
              h: '10',
              pl: '3',
              pr: '10',
              bg: 'bg',
              borderWidth: '1px',
              borderColor: 'border',
              borderRadius: 'card',
              fontFamily: 'mono',
              fontSize: 'sm',
              outline: 'none',
              _focus: { borderColor: 'primary' },
            })}
          />
          <button
            type="button"
            aria-label={revealed ? `Hide ${label} API key` : `Show ${label} API key`}
            onClick={() => keys.send({ type: 'key.toggleVisibility', provider })}
            className={cx(
              button({ variant: 'ghost', size: 'icon' }),
              css({ position: 'absolute', right: '0.5', top: '0.5', h: '9', w: '9' }),
            )}
          >
            {revealed ? <EyeOffIcon width={16} height={16} /> : <EyeIcon width={16} height={16} />}
          </button>
        </div>
        <button
          type="submit"
          disabled={busy || draft.trim() === ''}
          className={cx(button({ size: 'md' }))}
        >
          {buttonText}
        </button>
      </div>
    </form>
  )
}
