import type { Migration } from '../store/migration'

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
]
