import type { AppMigration } from '../../contract/app-schema'
import { ownerWrites, ownRows } from './row-policies'

/**
 * The app's tables, each with row-level security: callers reach them as `anon` or
 * `authenticated`, and `auth_uid()` (the platform's) is the caller's id (docs/security.md).
 */
export const appTables: AppMigration = {
  version: 1,
  legacyVersion: 1,
  name: 'the app tables with row-level security',
  sql: `
    create table ai_models (
      id text primary key,
      name text not null,
      description text not null default '',
      provider text not null,
      created_at timestamptz not null default now()
    );
    alter table ai_models enable row level security;
    create policy ai_models_read on ai_models for select to anon, authenticated using (true);
    grant select on ai_models to anon, authenticated;

    create table user_api_keys (
      id text primary key default md5(random()::text || clock_timestamp()::text),
      user_id text not null,
      provider text not null,
      api_key_encrypted text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (user_id, provider)
    );
    ${ownRows('user_api_keys')}

    create table chat_messages (
      id text primary key default md5(random()::text || clock_timestamp()::text),
      user_id text not null,
      model_id text not null,
      role text not null check (role in ('user', 'assistant', 'system')),
      content text not null,
      system_prompt_id text,
      created_at timestamptz not null default now()
    );
    create index chat_messages_user_created on chat_messages (user_id, created_at);
    ${ownRows('chat_messages')}

    create table prompts (
      id text primary key default md5(random()::text || clock_timestamp()::text),
      user_id text not null,
      title text not null,
      content text not null,
      type text not null check (type in ('user', 'system')),
      is_public text not null default '0' check (is_public in ('0', '1')),
      is_active text not null default '0' check (is_active in ('0', '1')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index prompts_user on prompts (user_id, created_at);
    create index prompts_public on prompts (is_public, created_at);
    alter table prompts enable row level security;
    create policy prompts_read on prompts for select to authenticated
      using (user_id = auth_uid() or is_public = '1');
    ${ownerWrites('prompts')}

    create table prompt_ratings (
      id text primary key default md5(random()::text || clock_timestamp()::text),
      prompt_id text not null,
      user_id text not null,
      rating text not null check (rating in ('1', '2', '3', '4', '5')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (prompt_id, user_id)
    );
    alter table prompt_ratings enable row level security;
    create policy prompt_ratings_read on prompt_ratings for select to authenticated using (true);
    ${ownerWrites('prompt_ratings')}

    create table user_prompt_deletions (
      id text primary key default md5(random()::text || clock_timestamp()::text),
      user_id text not null,
      prompt_id text not null,
      created_at timestamptz not null default now()
    );
    ${ownRows('user_prompt_deletions')}

    create table quick_prompts (
      id text primary key default md5(random()::text || clock_timestamp()::text),
      user_id text not null,
      prompt_id text not null,
      created_at timestamptz not null default now()
    );
    ${ownRows('quick_prompts')}
  `,
}
