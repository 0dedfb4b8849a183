import type { Migration } from '../store/migration'

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
]
