import { useSelector } from '@xstate/react'
import { cx } from 'styled-system/css'
import type { ActorRefFrom } from 'xstate'
import type { ProviderName } from '../../domain/chat-types'
import { KEY_CHECK_MESSAGES } from '../../domain/key-check'
import { type apiKeysMachine, KEY_PROVIDERS } from '../../machines/api-keys.machine'
import type { modelServersMachine } from '../../machines/model-servers.machine'
import { useSessionActors } from '../shell/app-actors'
import { AppDialog } from '../shell/app-dialog'
import { button } from '../shell/button.recipe'
import { EyeIcon, EyeOffIcon, ShieldIcon } from '../shell/dialog-icons'
import { field } from '../shell/field.recipe'
import { AlertIcon, CheckIcon } from '../shell/session-icons'
import { apiKeys } from './api-keys.recipe'
import { ModelServersSection } from './model-servers-section'
import { MonthlyUsage } from './monthly-usage'
import { ProviderBadge } from './provider-badge'

const styles = apiKeys()

type ApiKeysRef = ActorRefFrom<typeof apiKeysMachine>
type ModelServersRef = ActorRefFrom<typeof modelServersMachine>

const PROVIDER_LABELS: Record<ProviderName, { label: string; placeholder: string }> = {
  openai: { label: 'OpenAI', placeholder: 'sk-...' },
  anthropic: { label: 'Anthropic', placeholder: 'sk-ant-...' },
  google: { label: 'Google', placeholder: 'AIza...' },
}

/** Manage API Keys (docs/product/screens.md#api-keys-dialog): open while the picker machine runs its key manager. */
export function ApiKeysDialog() {
  const { models, usage } = useSessionActors()
  const keys = useSelector(models, (s) => s.children.apiKeys as ApiKeysRef | undefined)
  const servers = useSelector(models, (s) => s.children.modelServers as ModelServersRef | undefined)
  return (
    <AppDialog
      open={!!keys}
      onClose={() => models.send({ type: 'keys.close' })}
      title="Manage API Keys"
      description="One key per provider. Chats call the provider directly with your key."
      closeLabel="Close"
    >
      {keys && KEY_PROVIDERS.map((p) => <KeyRow key={p} keys={keys} provider={p} />)}
      {servers && <ModelServersSection servers={servers} />}
      {keys && <MonthlyUsage usage={usage} />}
      <p className={styles.notice}>
        <ShieldIcon width={16} height={16} className={styles.noticeIcon} />
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
      className={styles.row}
    >
      <div className={styles.header}>
        <label htmlFor={inputId} className={styles.label}>
          {label} API Key
        </label>
        <ProviderBadge provider={provider} />
        {saved && (
          // The Saved mark and Test stay together at the end, and wrap together on a phone.
          <span className={styles.state}>
            <span className={styles.saved}>
              <CheckIcon width={12} height={12} />
              Saved
            </span>
            <KeyTestButton keys={keys} provider={provider} label={label} blank={!draft.trim()} />
          </span>
        )}
      </div>
      <div className={styles.fields}>
        <div className={styles.inputWrap}>
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
            className={cx(field(), styles.input)}
          />
          <button
            type="button"
            aria-label={revealed ? `Hide ${label} API key` : `Show ${label} API key`}
            onClick={() => keys.send({ type: 'key.toggleVisibility', provider })}
            className={cx(button({ variant: 'ghost', size: 'icon' }), styles.reveal)}
          >
            {revealed ? <EyeOffIcon width={16} height={16} /> : <EyeIcon width={16} height={16} />}
          </button>
        </div>
        <button
          type="submit"
          disabled={busy || draft.trim() === ''}
          className={cx(button({ size: 'md' }), styles.save)}
        >
          {/* Every row's button is as wide as the widest label, so the inputs line up. */}
          <span className={styles.saveLabel}>{buttonText}</span>
          <span aria-hidden="true" className={styles.saveSizer}>
            Update API Key
          </span>
        </button>
      </div>
      {saved && <KeyTestOutcome keys={keys} provider={provider} />}
    </form>
  )
}

/** docs/product/behaviour.md#test-a-key: asks the provider whether the key in the row works. */
function KeyTestButton({
  keys,
  provider,
  label,
  blank,
}: {
  keys: ApiKeysRef
  provider: ProviderName
  label: string
  blank: boolean
}) {
  const test = useSelector(keys, (s) => s.context.tests[provider])
  const testing = useSelector(test, (s) => s.hasTag('busy'))
  return (
    <button
      type="button"
      aria-label={`Test ${label} API key`}
      disabled={testing || blank}
      onClick={() => keys.send({ type: 'key.test', provider })}
      className={cx(button({ variant: 'outline', size: 'sm' }), styles.test)}
    >
      {testing ? 'Testing…' : 'Test'}
    </button>
  )
}

/** The last test's outcome: 'Key works', or the provider's own message. Announced politely. */
function KeyTestOutcome({ keys, provider }: { keys: ApiKeysRef; provider: ProviderName }) {
  const test = useSelector(keys, (s) => s.context.tests[provider])
  const works = useSelector(test, (s) => s.matches('works'))
  const message = useSelector(test, (s) => (s.matches('failed') ? s.context.message : null))
  return (
    <p
      role="status"
      className={styles.outcome}
      data-outcome={works ? 'works' : message ? 'failed' : 'none'}
    >
      {works && (
        <>
          <CheckIcon width={14} height={14} className={styles.outcomeIcon} />
          {KEY_CHECK_MESSAGES.works}
        </>
      )}
      {message && (
        <>
          <AlertIcon width={14} height={14} className={styles.outcomeIcon} />
          {message}
        </>
      )}
    </p>
  )
}
