import type { Migration } from '../../../contract/app-schema'
import { changeLogMigration } from './change-log-migration'

/** Tables of the realtime area (versions 200–299), with row-level security. */
export const realtimeMigrations: Migration[] = [
  {
    version: 200,
    name: 'realtime message history: any signed-in user reads a channel, writes as themselves',
    sql: `
      create table realtime_messages (
        id text primary key,
        -- Insertion order: stable paging even when two messages share a millisecond.
        seq bigint generated always as identity unique,
        channel text not null,
        type text not null,
        -- json, not jsonb: the payload comes back exactly as it was sent (key order included).
        data json,
        user_id text not null,
        metadata json not null,
        created_at timestamptz not null
      );
      create index realtime_messages_channel_seq on realtime_messages (channel, seq);
      create index realtime_messages_channel_created on realtime_messages (channel, created_at);
      alter table realtime_messages enable row level security;
      -- Every channel of the project is open to every signed-in user (docs/wire-contract.md).
      create policy realtime_messages_read on realtime_messages for select to authenticated
        using (true);
      create policy realtime_messages_insert on realtime_messages for insert to authenticated
        with check (user_id = auth_uid());
      grant select, insert on realtime_messages to authenticated;
    `,
  },
  {
    version: 201,
    name: 'realtime across servers: anonymous senders, shared presence, NOTIFY for the platform only',
    sql: `
      -- A socket without a token has no verified user: the platform itself stores its messages,
      -- under the socket's pseudonym ('anon:…'), which no signed-in user's id can look like.
      -- It also reads a message by id when a NOTIFY was too small to carry it.
      grant select, insert on realtime_messages to platform_authenticator;
      create policy realtime_messages_platform_read on realtime_messages for select
        to platform_authenticator using (true);
      create policy realtime_messages_anonymous on realtime_messages for insert
        to platform_authenticator with check (starts_with(user_id, 'anon:'));

      -- Who is on which channel, one row per socket and channel, written by the server holding
      -- the socket. A row lives until expires_at (the database's clock), which that server's
      -- heartbeat pushes forward: the members of a server that died expire on their own.
      create table realtime_presence (
        server_id text not null,
        member_id text not null,
        channel text not null,
        user_id text not null,
        metadata json not null,
        -- Epoch milliseconds on the platform clock, as presence frames carry them.
        joined_at bigint not null,
        last_seen bigint not null,
        expires_at timestamptz not null,
        primary key (server_id, member_id, channel)
      );
      create index realtime_presence_channel on realtime_presence (channel, expires_at);
      create index realtime_presence_expiry on realtime_presence (expires_at);
      alter table realtime_presence enable row level security;
      grant select, insert, update, delete on realtime_presence to platform_authenticator;
      create policy realtime_presence_platform on realtime_presence for all
        to platform_authenticator using (true) with check (true);

      -- Servers tell each other about messages and presence with pg_notify. A caller's SQL
      -- must not be able to (a forged notice would reach every subscriber): NOTIFY is a utility
      -- statement the guard refuses, and the function is the platform's alone.
      revoke execute on function pg_catalog.pg_notify(text, text) from public;
      grant execute on function pg_catalog.pg_notify(text, text) to platform_authenticator;
    `,
  },
  changeLogMigration,
]
