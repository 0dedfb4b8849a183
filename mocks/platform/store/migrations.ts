import { aiMigrations } from '../ai/ai-migrations'
import { analyticsMigrations } from '../analytics/analytics-migrations'
import { authMigrations } from '../auth/auth-migrations'
import { notificationsMigrations } from '../notifications/notifications-migrations'
import { realtimeMigrations } from '../realtime/realtime-migrations'
import { storageMigrations } from '../storage/storage-migrations'
import type { Migration } from './migration'
import type { SqlStore } from './sql-store'

/**
 * The schema, as ordered migrations. Each runs once (recorded in schema_migrations) inside a
 * transaction holding an advisory lock, so starting twice, or two servers at once, is safe.
 *
 * Row-level security follows PostgREST/Supabase: requests run as role `anon` or
 * `authenticated` with the JWT claims in `request.jwt.claims`, and `auth_uid()` reads the
 * caller's id from them. The platform itself connects as `platform_authenticator` (migration
 * 3), which is no superuser and reaches the app's tables only by switching to those roles.
 */

// Readable per the table's own read policy; written only by the row's owner.
const ownerWrites = (table: string) => `
  create policy ${table}_insert on ${table} for insert to authenticated
    with check (user_id = auth_uid());
  create policy ${table}_update on ${table} for update to authenticated
    using (user_id = auth_uid()) with check (user_id = auth_uid());
  create policy ${table}_delete on ${table} for delete to authenticated
    using (user_id = auth_uid());
  grant select, insert, update, delete on ${table} to authenticated;`

const ownRows = (table: string) => `
  alter table ${table} enable row level security;
  create policy ${table}_own on ${table} for all to authenticated
    using (user_id = auth_uid()) with check (user_id = auth_uid());
  grant select, insert, update, delete on ${table} to authenticated;`

const coreMigrations: Migration[] = [
  {
    version: 1,
    name: 'roles, auth tables and the app tables with row-level security',
    sql: `
      do $$ begin
        create role anon nologin;
      exception when duplicate_object then null; end $$;
      do $$ begin
        create role authenticated nologin;
      exception when duplicate_object then null; end $$;
      do $$ begin
        execute format('grant usage on schema %I to anon, authenticated', current_schema());
      end $$;

      create or replace function auth_uid() returns text language sql stable as $fn$
        select nullif(current_setting('request.jwt.claims', true), '')::json ->> 'sub'
      $fn$;
      grant execute on function auth_uid() to anon, authenticated;

      -- Internal: never granted to the request roles, and RLS on with no policy as a backstop.
      create table auth_users (
        id text primary key,
        email text not null,
        password_hash text,
        display_name text,
        created_at timestamptz not null default now()
      );
      create unique index auth_users_email on auth_users (lower(email));
      alter table auth_users enable row level security;

      create table auth_codes (
        code_hash text primary key,
        user_id text not null references auth_users (id) on delete cascade,
        expires_at timestamptz not null,
        used_at timestamptz
      );
      alter table auth_codes enable row level security;

      create table auth_refresh_tokens (
        token_hash text primary key,
        family_id text not null,
        user_id text not null references auth_users (id) on delete cascade,
        expires_at timestamptz not null,
        rotated_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index auth_refresh_tokens_family on auth_refresh_tokens (family_id);
      alter table auth_refresh_tokens enable row level security;

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
  },
  {
    version: 2,
    name: 'request roles may not change settings (role switching) through set_config',
    sql: `
      revoke execute on function pg_catalog.set_config(text, text, boolean) from public;
    `,
  },
  {
    version: 3,
    name: 'least privilege: the platform serves as a login role that is not a superuser',
    sql: `
      -- PostgREST's authenticator: it can log in, switch only to anon and authenticated, and
      -- holds no privilege of its own but the platform's internal tables (docs/security.md).
      do $$ begin
        create role platform_authenticator login noinherit nosuperuser nocreatedb nocreaterole
          nobypassrls;
      exception when duplicate_object then null; end $$;
      grant anon, authenticated to platform_authenticator;
      do $$ begin
        execute format('grant usage on schema %I to platform_authenticator', current_schema());
        -- Temporary tables outlive a call; only the platform's own session keeps one (the
        -- sealing key, see migration 4).
        execute format('revoke temporary on database %I from public', current_database());
        execute format('grant temporary on database %I to platform_authenticator',
          current_database());
      end $$;

      -- The platform's own tables: its role reads and writes them, the request roles never do.
      grant select, insert, update, delete on auth_users, auth_codes, auth_refresh_tokens
        to platform_authenticator;
      create policy auth_users_platform on auth_users for all to platform_authenticator
        using (true) with check (true);
      create policy auth_codes_platform on auth_codes for all to platform_authenticator
        using (true) with check (true);
      create policy auth_refresh_tokens_platform on auth_refresh_tokens for all
        to platform_authenticator using (true) with check (true);

      -- Session state that would outlive a caller's call: session-level advisory locks and
      -- large objects. (set_config is revoked by migration 2.)
      revoke execute on function
        pg_advisory_lock(bigint), pg_advisory_lock(integer, integer),
        pg_advisory_lock_shared(bigint), pg_advisory_lock_shared(integer, integer),
        pg_try_advisory_lock(bigint), pg_try_advisory_lock(integer, integer),
        pg_try_advisory_lock_shared(bigint), pg_try_advisory_lock_shared(integer, integer),
        lo_create(oid), lo_creat(integer), lo_from_bytea(oid, bytea)
        from public;
    `,
  },
  {
    version: 4,
    name: 'API keys are sealed by the database, whatever path writes them',
    sql: `
      do $$ begin
        create schema if not exists extensions;
      exception when duplicate_schema or unique_violation then null; end $$;
      do $$ begin
        create extension if not exists pgcrypto with schema extensions;
      exception when duplicate_object or unique_violation then null; end $$;

      -- AES-256-CBC, then HMAC-SHA256 over iv and ciphertext (encrypt-then-MAC). The key lives
      -- only in the serving session's temporary table, put there by the platform from its
      -- secret: never in a table, a dump or a setting a caller could read (docs/security.md).
      create or replace function seal_api_key() returns trigger
        language plpgsql security definer set search_path = pg_catalog
      as $fn$
      declare
        key bytea;
        iv bytea;
        sealed bytea;
        parts text[];
      begin
        if tg_op = 'UPDATE' and new.api_key_encrypted is not distinct from old.api_key_encrypted
        then
          return new;
        end if;
        begin
          select k.key into strict key from pg_temp.platform_column_key k;
        exception when undefined_table or no_data_found then
          raise exception 'API keys can only be written through the platform'
            using errcode = '42501';
        end;
        -- Already sealed under this key (an upsert's excluded row, a copied value): keep it.
        -- Only the holder of the key can make a seal that passes, so nothing plain slips by.
        parts := regexp_match(new.api_key_encrypted,
          '^aescbc-hmac:v2:([0-9a-f]{32}):([0-9a-f]{64}):((?:[0-9a-f]{32})+)$');
        if parts is not null and extensions.hmac(decode(parts[1], 'hex') || decode(parts[3], 'hex'),
            substring(key from 33 for 32), 'sha256') = decode(parts[2], 'hex') then
          return new;
        end if;
        iv := extensions.gen_random_bytes(16);
        sealed := extensions.encrypt_iv(convert_to(new.api_key_encrypted, 'UTF8'),
          substring(key from 1 for 32), iv, 'aes-cbc/pad:pkcs');
        new.api_key_encrypted := 'aescbc-hmac:v2:' || encode(iv, 'hex') || ':'
          || encode(extensions.hmac(iv || sealed, substring(key from 33 for 32), 'sha256'), 'hex')
          || ':' || encode(sealed, 'hex');
        return new;
      end
      $fn$;
      revoke execute on function seal_api_key() from public;
      create trigger user_api_keys_seal before insert or update of api_key_encrypted
        on user_api_keys for each row execute function seal_api_key();
    `,
  },
  {
    version: 10,
    name: 'at most one active system prompt per user, even when two tabs race',
    sql: `
      update prompts set is_active = '0'
        where type = 'system' and is_active = '1' and id not in (
          select distinct on (user_id) id from prompts
            where type = 'system' and is_active = '1'
            order by user_id, updated_at desc, id
        );
      create unique index prompts_one_active_system on prompts (user_id)
        where type = 'system' and is_active = '1';
    `,
  },
]

/**
 * Every area owns its tables; versions are allotted per area (core 1–99, storage 100s,
 * realtime 200s, notifications 300s, analytics 400s, ai 500s) so they never collide.
 */
export const migrations: Migration[] = [
  ...coreMigrations,
  ...storageMigrations,
  ...realtimeMigrations,
  ...notificationsMigrations,
  ...analyticsMigrations,
  ...aiMigrations,
  ...authMigrations,
].sort((a, b) => a.version - b.version)

export async function migrate(store: SqlStore): Promise<number[]> {
  return store.asOwner(async (tx) => {
    // One migrator at a time per schema, even across processes.
    await tx.query(`select pg_advisory_xact_lock(hashtext(current_schema() || '.migrations'))`)
    await tx.query(`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`)
    await tx.query('alter table schema_migrations enable row level security')
    const { rows } = await tx.query<{ version: number }>('select version from schema_migrations')
    const applied = new Set(rows.map((row) => Number(row.version)))
    const ran: number[] = []
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue
      for (const statement of splitStatements(migration.sql)) await tx.query(statement)
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ])
      ran.push(migration.version)
    }
    return ran
  })
}

/**
 * Splits a script into statements on top-level semicolons, keeping `$$` / `$fn$` bodies
 * whole: a transaction's query() takes one statement at a time on both drivers.
 */
export function splitStatements(script: string): string[] {
  const statements: string[] = []
  let current = ''
  let dollarTag: string | null = null
  for (let i = 0; i < script.length; i++) {
    const rest = script.slice(i)
    const tag = rest.match(/^\$[a-z_]*\$/i)?.[0]
    if (tag && (dollarTag === null || dollarTag === tag)) {
      dollarTag = dollarTag === null ? tag : null
      current += tag
      i += tag.length - 1
      continue
    }
    if (script[i] === '-' && script[i + 1] === '-' && dollarTag === null) {
      const end = script.indexOf('\n', i)
      i = end === -1 ? script.length : end
      current += '\n'
      continue
    }
    if (script[i] === ';' && dollarTag === null) {
      if (current.trim()) statements.push(current.trim())
      current = ''
      continue
    }
    current += script[i]
  }
  if (current.trim()) statements.push(current.trim())
  return statements
}
