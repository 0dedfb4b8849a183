import type { Migration } from '../../../contract/app-schema'

/** Tables of the data area (versions 700–799), with row-level security. */
export const dataMigrations: Migration[] = [
  {
    version: 700,
    name: 'data: fetch jobs and screenshots in the database, so every server answers for them',
    sql: `
      -- Used on PostgreSQL (PGlite keeps both on disk). The platform's own: the request roles
      -- get nothing, a job is read only by its owner (checked by the platform) and a
      -- screenshot through its public URL.
      create table data_fetch_jobs (
        job_id text primary key,
        owner_id text not null,
        -- json, not jsonb: a fetched body comes back as it was kept.
        job json not null,
        updated_at timestamptz not null
      );
      alter table data_fetch_jobs enable row level security;
      -- Queued, then completed or failed: written again, never removed.
      grant select, insert, update on data_fetch_jobs to platform_authenticator;
      create policy data_fetch_jobs_platform on data_fetch_jobs for all
        to platform_authenticator using (true) with check (true);

      create table data_screenshots (
        name text primary key,
        bytes bytea not null,
        created_at timestamptz not null
      );
      alter table data_screenshots alter column bytes set storage external;
      alter table data_screenshots enable row level security;
      grant select, insert on data_screenshots to platform_authenticator;
      create policy data_screenshots_platform_read on data_screenshots for select
        to platform_authenticator using (true);
      create policy data_screenshots_platform_insert on data_screenshots for insert
        to platform_authenticator with check (true);
    `,
  },
]
