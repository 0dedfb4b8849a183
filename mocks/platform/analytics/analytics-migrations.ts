import type { Migration } from '../../../contract/app-schema'

/** Tables of the analytics area (versions 400–499), with row-level security. */
export const analyticsMigrations: Migration[] = [
  {
    version: 400,
    name: 'analytics events: anyone may log, a signed-in user reads only their own',
    sql: `
      create table analytics_events (
        id text primary key default md5(random()::text || clock_timestamp()::text),
        project_id text not null,
        type text not null,
        user_id text,
        session_id text,
        occurred_at timestamptz not null,
        received_at timestamptz not null,
        event jsonb not null
      );
      create index analytics_events_project_time on analytics_events (project_id, occurred_at);
      create index analytics_events_user on analytics_events (user_id, occurred_at);
      alter table analytics_events enable row level security;
      create policy analytics_events_log on analytics_events for insert to anon, authenticated
        with check (user_id is null or user_id = auth_uid());
      create policy analytics_events_read on analytics_events for select to authenticated
        using (user_id = auth_uid());
      grant insert on analytics_events to anon, authenticated;
      grant select on analytics_events to authenticated;
    `,
  },
]
