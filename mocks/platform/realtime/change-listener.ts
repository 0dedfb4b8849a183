import { createHash } from 'node:crypto'
import pg from 'pg'
import type { SqlStore } from '../store/sql-store'

/** The channel the capture trigger notifies: one per schema, as the migration names it. */
export function changeChannelName(schema: string): string {
  return `platform_changes_${createHash('md5').update(schema).digest('hex').slice(0, 24)}`
}

export interface ChangeListenerOptions {
  store: SqlStore
  /** PostgreSQL: the serving role's address, for a LISTEN connection of its own. */
  connectionString?: string
  log: (line: string) => void
  /** A change id, as the trigger sent it (in commit order). */
  onChange: (id: number) => void
  /** After a dropped LISTEN connection came back: changes of the gap were not heard. */
  onResync: () => void
}

/**
 * Hears the capture trigger's NOTIFYs: on PostgreSQL every server does, whichever server wrote
 * (docs/wire-contract.md, "Several servers on one PostgreSQL"); PGlite hears its own session.
 */
export async function openChangeListener(
  options: ChangeListenerOptions,
): Promise<() => Promise<void>> {
  const { rows } = await options.store.query<{ schema: string }>(
    'select current_schema() as schema',
  )
  const channel = changeChannelName(rows[0]?.schema ?? 'public')
  const onPayload = (payload: string | undefined) => {
    const id = Number(payload)
    if (Number.isSafeInteger(id)) options.onChange(id)
  }
  if (!options.connectionString) {
    if (!options.store.listen) throw new Error('This store cannot listen for changes')
    return options.store.listen(channel, onPayload)
  }
  const address = options.connectionString
  let closed = false
  let client: pg.Client | undefined
  let retry: ReturnType<typeof setTimeout> | undefined

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: address,
      application_name: 'platform change listener',
    })
    let lost = false
    const onLost = () => {
      if (lost || closed) return
      lost = true
      options.log('realtime: the change LISTEN connection dropped; reconnecting')
      next.end().catch(() => {})
      retry = setTimeout(reconnect, 1000)
      retry.unref?.()
    }
    next.on('error', onLost)
    next.on('end', onLost)
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload)
    })
    await next.connect()
    await next.query(`listen "${channel}"`)
    client = next
  }

  async function reconnect(): Promise<void> {
    if (closed) return
    try {
      await connect()
      options.onResync()
    } catch {
      retry = setTimeout(reconnect, 1000)
      retry.unref?.()
    }
  }

  await connect()
  return async () => {
    closed = true
    if (retry) clearTimeout(retry)
    await client?.end().catch(() => {})
  }
}
