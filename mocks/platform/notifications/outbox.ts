import { asRequestRole, type RequestRole } from '../rest/request-role'
import type { SqlStore } from '../store/sql-store'
import type { EmailMessage } from './email-request'

export type DeliveryStatus = 'stored' | 'sending' | 'sent' | 'failed'

/** A message as the outbox lists it (newest first). */
export interface OutboxEntry extends EmailMessage {
  id: string
  status: DeliveryStatus
  deliveryError: string | null
  createdAt: string
  deliveredAt: string | null
}

interface OutboxRow {
  id: string
  from_address: string
  to_addresses: string[]
  cc_addresses: string[]
  bcc_addresses: string[]
  reply_to: string | null
  subject: string
  html: string | null
  body_text: string | null
  status: DeliveryStatus
  delivery_error: string | null
  created_at: Date | string
  delivered_at: Date | string | null
}

const iso = (value: Date | string) => new Date(value).toISOString()

const toEntry = (row: OutboxRow): OutboxEntry => ({
  id: row.id,
  from: row.from_address,
  to: row.to_addresses,
  cc: row.cc_addresses,
  bcc: row.bcc_addresses,
  replyTo: row.reply_to,
  subject: row.subject,
  html: row.html,
  text: row.body_text,
  status: row.status,
  deliveryError: row.delivery_error,
  createdAt: iso(row.created_at),
  deliveredAt: row.delivered_at === null ? null : iso(row.delivered_at),
})

/** The `email_outbox` table: senders add and read their own rows; the server records delivery. */
export function createOutbox(store: SqlStore) {
  return {
    add(
      caller: Extract<RequestRole, { role: 'authenticated' }>,
      entry: { id: string; message: EmailMessage; status: DeliveryStatus; now: Date },
    ): Promise<void> {
      const { message } = entry
      return asRequestRole(store, caller, async (tx) => {
        await tx.query(
          `insert into email_outbox (id, user_id, from_address, to_addresses, cc_addresses,
             bcc_addresses, reply_to, subject, html, body_text, status, created_at, delivered_at)
           values ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7, $8, $9, $10, $11, $12, $13)`,
          [
            entry.id,
            caller.claims.sub,
            message.from,
            JSON.stringify(message.to),
            JSON.stringify(message.cc),
            JSON.stringify(message.bcc),
            message.replyTo,
            message.subject,
            message.html,
            message.text,
            entry.status,
            entry.now.toISOString(),
            entry.status === 'stored' ? entry.now.toISOString() : null,
          ],
        )
      })
    },

    /** The server's own connection: delivery results are not the sender's to write. */
    async recordDelivery(id: string, result: { error: string | null; now: Date }): Promise<void> {
      await store.query(
        `update email_outbox set status = $2, delivery_error = $3, delivered_at = $4 where id = $1`,
        [
          id,
          result.error ? 'failed' : 'sent',
          result.error,
          result.error ? null : result.now.toISOString(),
        ],
      )
    },

    list(caller: RequestRole, limit: number): Promise<OutboxEntry[]> {
      return asRequestRole(store, caller, async (tx) => {
        const { rows } = await tx.query<OutboxRow>(
          `select id, from_address, to_addresses, cc_addresses, bcc_addresses, reply_to, subject,
             html, body_text, status, delivery_error, created_at, delivered_at
           from email_outbox order by created_at desc, seq desc limit $1`,
          [limit],
        )
        return rows.map(toEntry)
      })
    },
  }
}
