import type { Migration } from '../../../contract/app-schema'

/** Tables of the ai area (versions 500–599), with row-level security. */
export const aiMigrations: Migration[] = [
  {
    version: 500,
    name: 'ai: the speech each user generated, so transcribing it gives the text back',
    sql: `
      create table ai_generated_speech (
        user_id text not null,
        audio_sha256 text not null,
        text text not null,
        voice text not null,
        format text not null,
        created_at timestamptz not null,
        primary key (user_id, audio_sha256)
      );
      alter table ai_generated_speech enable row level security;
      create policy ai_generated_speech_own on ai_generated_speech for all to authenticated
        using (user_id = auth_uid()) with check (user_id = auth_uid());
      grant select, insert, update on ai_generated_speech to authenticated;`,
  },
  {
    version: 501,
    name: 'ai: generated images and audio in the database, so every server serves them',
    sql: `
      -- Used on PostgreSQL (PGlite keeps them on disk). Written and read by the platform only:
      -- the files are public at their URL, never reached through SQL by the request roles.
      create table ai_generated_files (
        name text primary key,
        bytes bytea not null,
        created_at timestamptz not null
      );
      -- PNG and compressed audio gain nothing from PostgreSQL's compression.
      alter table ai_generated_files alter column bytes set storage external;
      alter table ai_generated_files enable row level security;
      -- A name stands for one content: inserted once, never changed or removed.
      grant select, insert on ai_generated_files to platform_authenticator;
      create policy ai_generated_files_platform_read on ai_generated_files for select
        to platform_authenticator using (true);
      create policy ai_generated_files_platform_insert on ai_generated_files for insert
        to platform_authenticator with check (true);`,
  },
]
