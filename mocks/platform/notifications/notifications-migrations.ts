import type { Migration } from '../../../contract/app-schema'

/** Tables of the notifications area (versions 300–399), with row-level security. */
export const notificationsMigrations: Migration[] = [
  {
    version: 300,
    name: 'e-mail outbox: every message sent, readable only by its sender',
    sql: `
      create table email_outbox (
        id text primary key,
        -- Orders messages sent within the same clock tick.
        seq bigint generated always as identity,
        user_id text not null,
        from_address text not null,
        to_addresses jsonb not null,
        cc_addresses jsonb not null default '[]',
        bcc_addresses jsonb not null default '[]',
        reply_to text,
        subject text not null,
        html text,
        body_text text,
        status text not null check (status in ('stored', 'sending', 'sent', 'failed')),
        delivery_error text,
        created_at timestamptz not null,
        delivered_at timestamptz
      );
      create index email_outbox_user_created on email_outbox (user_id, created_at desc, seq desc);
      alter table email_outbox enable row level security;
      create policy email_outbox_read on email_outbox for select to authenticated
        using (user_id = auth_uid());
      create policy email_outbox_insert on email_outbox for insert to authenticated
        with check (user_id = auth_uid());
      -- Delivery status is the server's to record (its own connection); senders only add and read.
      grant select, insert on email_outbox to authenticated;
    `,
  },
  {
    version: 301,
    name: 'the platform records deliveries as its own role (not a superuser)',
    sql: `
      grant select, update on email_outbox to platform_authenticator;
      create policy email_outbox_delivery on email_outbox for all to platform_authenticator
        using (true) with check (true);
    `,
  },
]
