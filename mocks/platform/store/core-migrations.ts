import type { Migration } from '../../../contract/app-schema'

/**
 * The platform's core: roles, the caller's id, its own auth tables, the privileges callers
 * must not have, and the sealing of secret columns. No app table is named here: an app's
 * tables come with its own migrations (docs/architecture.md, "The app's schema").
 *
 * Row-level security follows PostgREST/Supabase: requests run as role `anon` or
 * `authenticated` with the JWT claims in `request.jwt.claims`, and `auth_uid()` reads the
 * caller's id from them. The platform itself connects as `platform_authenticator` (migration
 * 3), which is no superuser and reaches the app's tables only by switching to those roles.
 *
 * Version 10 is retired: before the split it was the app's (now in db/), and databases of that
 * time still record it.
 */
export const coreMigrations: Migration[] = [
  {
    version: 1,
    name: 'roles, auth_uid() and the auth tables',
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
        -- sealing key, see migration 5).
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
    name: 'pgcrypto, for columns the database seals',
    sql: `
      do $$ begin
        create schema if not exists extensions;
      exception when duplicate_schema or unique_violation then null; end $$;
      do $$ begin
        create extension if not exists pgcrypto with schema extensions;
      exception when duplicate_object or unique_violation then null; end $$;
    `,
  },
  {
    version: 5,
    name: 'platform_seal(column): the sealing trigger any app attaches to its secret columns',
    sql: `
      -- AES-256-CBC, then HMAC-SHA256 over iv and ciphertext (encrypt-then-MAC). The key lives
      -- only in the serving session's temporary table, put there by the platform from its
      -- secret: never in a table, a dump or a setting a caller could read (docs/security.md).
      -- An app attaches it per text column: "before insert or update of c on t for each row
      -- execute function platform_seal('c')"; the table API opens such columns for their reader.
      create or replace function platform_seal() returns trigger
        language plpgsql security definer set search_path = pg_catalog
      as $fn$
      declare
        col text := tg_argv[0];
        plain text;
        key bytea;
        iv bytea;
        sealed bytea;
        parts text[];
      begin
        if tg_nargs <> 1 or not (to_jsonb(new) ? col) then
          raise exception 'platform_seal() takes one column of %', tg_table_name;
        end if;
        plain := to_jsonb(new) ->> col;
        if tg_op = 'UPDATE' and plain is not distinct from (to_jsonb(old) ->> col) then
          return new;
        end if;
        begin
          select k.key into strict key from pg_temp.platform_column_key k;
        exception when undefined_table or no_data_found then
          raise exception 'Sealed columns can only be written through the platform'
            using errcode = '42501';
        end;
        if plain is null then
          return new;
        end if;
        -- Already sealed under this key (an upsert's excluded row, a copied value): keep it.
        -- Only the holder of the key can make a seal that passes, so nothing plain slips by.
        parts := regexp_match(plain,
          '^aescbc-hmac:v2:([0-9a-f]{32}):([0-9a-f]{64}):((?:[0-9a-f]{32})+)$');
        if parts is not null and extensions.hmac(decode(parts[1], 'hex') || decode(parts[3], 'hex'),
            substring(key from 33 for 32), 'sha256') = decode(parts[2], 'hex') then
          return new;
        end if;
        iv := extensions.gen_random_bytes(16);
        sealed := extensions.encrypt_iv(convert_to(plain, 'UTF8'),
          substring(key from 1 for 32), iv, 'aes-cbc/pad:pkcs');
        return jsonb_populate_record(new, jsonb_build_object(col, 'aescbc-hmac:v2:'
          || encode(iv, 'hex') || ':'
          || encode(extensions.hmac(iv || sealed, substring(key from 33 for 32), 'sha256'), 'hex')
          || ':' || encode(sealed, 'hex')));
      end
      $fn$;
      revoke execute on function platform_seal() from public;

      -- Databases of before the split sealed api_key_encrypted with seal_api_key(), which
      -- named its column: such triggers now call platform_seal with that column.
      do $$
      declare
        t record;
      begin
        if to_regprocedure('seal_api_key()') is null then
          return;
        end if;
        for t in
          select tg.tgname, tg.tgrelid::regclass as rel, pg_get_triggerdef(tg.oid) as def
          from pg_trigger tg where tg.tgfoid = 'seal_api_key()'::regprocedure
        loop
          execute format('drop trigger %I on %s', t.tgname, t.rel);
          execute regexp_replace(t.def, 'EXECUTE FUNCTION \\S*seal_api_key\\(\\)$',
            'EXECUTE FUNCTION platform_seal(''api_key_encrypted'')');
        end loop;
        drop function seal_api_key();
      end $$;
    `,
  },
  {
    version: 6,
    name: 'callers cannot sleep: pg_sleep and its kin are not theirs to run',
    // A caller's statement is bounded by statement_timeout on PostgreSQL and by its planned
    // cost on PGlite, which no timer can interrupt; a sleep costs nothing to plan and holds
    // the one PGlite connection for as long as it asks (docs/security.md, "Caller SQL limits").
    // Least privilege, not a text filter. Without the owner's grant option this only warns.
    sql: `
      revoke execute on function pg_catalog.pg_sleep(double precision) from public;
      revoke execute on function pg_catalog.pg_sleep_for(interval) from public;
      revoke execute on function pg_catalog.pg_sleep_until(timestamp with time zone) from public;
    `,
  },
  {
    version: 7,
    name: 'platform_seal binds each seal to its row: table, column, owner and primary key',
    // A seal opens only in the row it was made for (docs/security.md, "Seals bound to their
    // row"): the MAC covers the binding, then iv and ciphertext. The binding is the format,
    // table, column, owner (user_id, or empty) and primary key values, each length-prefixed;
    // mocks/platform/crypto/seal-binding.ts builds the same bytes to open seals for readers.
    // An incoming value is sealed as the text it is, however it looks, unless it is a seal for
    // this very row or one this function made from the caller's text earlier in the same
    // transaction (an upsert's proposed row). When a row's owner or key changes, its seal
    // moves with it.
    sql: `
      create or replace function platform_seal() returns trigger
        language plpgsql security definer set search_path = pg_catalog
      as $fn$
      declare
        col text := tg_argv[0];
        plain text;
        key bytea;
        pk text[];
        r jsonb;
        part text;
        b bytea;
        bindings bytea[] := '{}';
        moving boolean;
        parts text[];
        fits boolean;
        made bytea;
        iv bytea;
        sealed bytea;
        result text;
      begin
        if tg_nargs <> 1 or not (to_jsonb(new) ? col) then
          raise exception 'platform_seal() takes one column of %', tg_table_name;
        end if;
        select coalesce(array_agg(a.attname::text order by k.n), '{}') into pk
          from pg_index i
          cross join unnest(i.indkey) with ordinality k(attnum, n)
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
          where i.indrelid = tg_relid and i.indisprimary;
        -- bindings[1]: the new row's; bindings[2]: the old row's, on an update.
        foreach r in array case when tg_op = 'UPDATE' then array[to_jsonb(new), to_jsonb(old)]
            else array[to_jsonb(new)] end loop
          b := ''::bytea;
          -- text[], not name[] (tg_table_name's type), which would cut every part to 63 bytes.
          foreach part in array array['aescbc-hmac:v3', tg_table_name::text, col,
              coalesce(r ->> 'user_id', '')]::text[]
              || array(select coalesce(r ->> u.k, '') from unnest(pk) with ordinality u(k, n)
                       order by u.n) loop
            b := b || int4send(octet_length(convert_to(part, 'UTF8'))) || convert_to(part, 'UTF8');
          end loop;
          bindings := bindings || b;
        end loop;
        plain := to_jsonb(new) ->> col;
        moving := tg_op = 'UPDATE' and plain is not distinct from (to_jsonb(old) ->> col);
        if moving and bindings[1] = bindings[2] then
          return new;
        end if;
        begin
          select k.key into strict key from pg_temp.platform_column_key k;
        exception when undefined_table or no_data_found then
          raise exception 'Sealed columns can only be written through the platform'
            using errcode = '42501';
        end;
        if plain is null then
          return new;
        end if;
        parts := regexp_match(plain,
          '^aescbc-hmac:v3:([0-9a-f]{32}):([0-9a-f]{64}):((?:[0-9a-f]{32})+)$');
        fits := parts is not null and extensions.hmac(
            bindings[case when moving then 2 else 1 end] || decode(parts[1], 'hex')
              || decode(parts[3], 'hex'),
            substring(key from 33 for 32), 'sha256') = decode(parts[2], 'hex');
        if not fits and tg_op = 'UPDATE' and parts is not null then
          -- An upsert: its insert sealed the caller's own text for the row it proposed, and
          -- its update brings that seal here. Only a seal this function made in this
          -- transaction counts, from its own memo (a request role cannot make temporary tables).
          if exists (select from pg_class c where c.oid = to_regclass('pg_temp.platform_sealed_now')
              and c.relowner = (select r.oid from pg_roles r where r.rolname = current_user)) then
            execute 'select m.binding from pg_temp.platform_sealed_now m where m.sealed = $1'
              into made using plain;
          end if;
          if made is not null then
            moving := true;
            fits := extensions.hmac(made || decode(parts[1], 'hex') || decode(parts[3], 'hex'),
              substring(key from 33 for 32), 'sha256') = decode(parts[2], 'hex');
          end if;
        end if;
        if moving then
          -- The seal comes from another row (the same one with a new owner or key, or an
          -- upsert's proposed one): it is opened and sealed again here, or stays shut as it was.
          if not fits then
            return new;
          end if;
          plain := convert_from(extensions.decrypt_iv(decode(parts[3], 'hex'),
            substring(key from 1 for 32), decode(parts[1], 'hex'), 'aes-cbc/pad:pkcs'), 'UTF8');
        elsif fits then
          return new;
        end if;
        iv := extensions.gen_random_bytes(16);
        sealed := extensions.encrypt_iv(convert_to(plain, 'UTF8'),
          substring(key from 1 for 32), iv, 'aes-cbc/pad:pkcs');
        result := 'aescbc-hmac:v3:' || encode(iv, 'hex') || ':'
          || encode(extensions.hmac(bindings[1] || iv || sealed, substring(key from 33 for 32),
            'sha256'), 'hex')
          || ':' || encode(sealed, 'hex');
        if tg_op = 'INSERT' then
          if to_regclass('pg_temp.platform_sealed_now') is null then
            create temporary table platform_sealed_now (sealed text primary key,
              binding bytea not null) on commit drop;
          end if;
          execute 'insert into pg_temp.platform_sealed_now values ($1, $2)'
            using result, bindings[1];
        end if;
        return jsonb_populate_record(new, jsonb_build_object(col, result));
      end
      $fn$;
      revoke execute on function platform_seal() from public;
    `,
  },
]
