import { useSelector } from '@xstate/react'
import { cx } from 'styled-system/css'
import type { ActorRefFrom } from 'xstate'
import { type ModelServer, serverProvider } from '../../domain/server-models'
import type { ServerDraft } from '../../domain/server-url'
import type { modelServersMachine } from '../../machines/model-servers.machine'
import { button } from '../shell/button.recipe'
import { field } from '../shell/field.recipe'
import { modelServers } from './model-servers.recipe'
import { ProviderBadge } from './provider-badge'

const styles = modelServers()
// Outside the form: its fields' loop names each one `field`.
const inputClass = cx(field(), styles.input)

type ServersRef = ActorRefFrom<typeof modelServersMachine>

/**
 * "OpenAI-compatible servers" in the keys dialog (docs/product/servers.md): the user's servers,
 * each with a Remove that asks first, and the Add server form with its errors under the fields.
 */
export function ModelServersSection({ servers }: { servers: ServersRef }) {
  const list = useSelector(servers, (s) => s.context.servers)
  const loading = useSelector(servers, (s) => s.matches('loading'))
  return (
    <section aria-labelledby="model-servers-title" className={styles.section}>
      <h3 id="model-servers-title" className={styles.title}>
        OpenAI-compatible servers
      </h3>
      <p className={styles.hint}>
        Ollama, LM Studio, vLLM, OpenRouter and the like. Their models join the model picker under
        the server's name.
      </p>
      {list.length > 0 ? (
        <ul aria-label="Your servers" className={styles.list}>
          {list.map((server) => (
            <ServerItem key={server.id} servers={servers} server={server} />
          ))}
        </ul>
      ) : (
        !loading && <p className={styles.empty}>No servers yet.</p>
      )}
      <AddServerForm servers={servers} />
    </section>
  )
}

function ServerItem({ servers, server }: { servers: ServersRef; server: ModelServer }) {
  const asked = useSelector(servers, (s) => s.context.removal?.id === server.id)
  const removing = useSelector(
    servers,
    (s) => s.context.removal?.id === server.id && s.hasTag('removing'),
  )
  const busy = useSelector(servers, (s) => s.hasTag('busy'))
  return (
    <li aria-label={server.name} className={styles.item}>
      <ProviderBadge provider={serverProvider(server.id)} label={server.name} />
      <span className={styles.itemText}>
        <span className={styles.itemName}>{server.name}</span>
        <span className={styles.itemUrl} title={server.baseUrl}>
          {server.baseUrl}
        </span>
        <span className={styles.itemKey}>{server.hasKey ? 'key saved' : 'no key'}</span>
      </span>
      {asked ? (
        <span className={styles.confirm}>
          <span className={styles.confirmText}>
            Remove {server.name}? Its models leave the model picker.
          </span>
          <button
            type="button"
            disabled={busy}
            onClick={() => servers.send({ type: 'remove.confirm' })}
            className={button({ variant: 'outline', size: 'sm', tone: 'danger' })}
          >
            {removing ? 'Removing...' : 'Yes, remove'}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => servers.send({ type: 'remove.cancel' })}
            className={button({ variant: 'ghost', size: 'sm' })}
          >
            Cancel
          </button>
        </span>
      ) : (
        <button
          type="button"
          aria-label={`Remove ${server.name}`}
          disabled={busy}
          onClick={() => servers.send({ type: 'server.remove', serverId: server.id })}
          className={button({ variant: 'ghost', size: 'sm', tone: 'danger' })}
        >
          Remove
        </button>
      )}
    </li>
  )
}

const FIELDS: Array<{
  field: keyof ServerDraft
  label: string
  placeholder: string
  type: 'text' | 'url' | 'password'
}> = [
  { field: 'name', label: 'Name', placeholder: 'Ollama', type: 'text' },
  { field: 'baseUrl', label: 'Base URL', placeholder: 'http://localhost:11434', type: 'url' },
  {
    field: 'apiKey',
    label: 'API key (optional)',
    placeholder: 'Leave empty if none',
    type: 'password',
  },
]

function AddServerForm({ servers }: { servers: ServersRef }) {
  const draft = useSelector(servers, (s) => s.context.draft)
  const errors = useSelector(servers, (s) => s.context.errors)
  const busy = useSelector(servers, (s) => s.hasTag('busy'))
  const checking = useSelector(servers, (s) => s.hasTag('checking'))
  const saving = useSelector(servers, (s) => s.hasTag('saving'))
  const buttonText = checking ? 'Checking...' : saving ? 'Saving...' : 'Add server'
  return (
    <form
      aria-label="Add server"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        servers.send({ type: 'server.add' })
      }}
      className={styles.form}
    >
      {FIELDS.map(({ field, label, placeholder, type }) => {
        const id = `model-server-${field}`
        const error = field === 'apiKey' ? null : errors[field]
        return (
          <div key={field} className={styles.field}>
            <label htmlFor={id} className={styles.label}>
              {label}
            </label>
            <input
              id={id}
              type={type}
              autoComplete="off"
              spellCheck={false}
              placeholder={placeholder}
              value={draft[field]}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) =>
                servers.send({ type: 'server.change', field, value: event.target.value })
              }
              className={inputClass}
            />
            {error && (
              <p id={`${id}-error`} role="alert" className={styles.error}>
                {error}
              </p>
            )}
          </div>
        )
      })}
      <div className={styles.actions}>
        <button type="submit" disabled={busy} className={button({ size: 'md' })}>
          {buttonText}
        </button>
      </div>
    </form>
  )
}
