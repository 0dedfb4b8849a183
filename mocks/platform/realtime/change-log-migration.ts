import type { Migration } from '../../../contract/app-schema'

/** How many changes the log keeps, and for how long (docs/wire-contract.md, "Changes"). */
export const CHANGE_LOG_KEEP = 10_000
export const CHANGE_LOG_MAX_AGE = '24 hours'

/**
 * The change feed's capture: every insert, update and delete of a watched table is written to
 * `realtime_changes` by a trigger, whatever path wrote it, and announced with pg_notify (its
 * id only: servers read the row themselves). Platform-only: the log holds whole rows, sealed
 * columns included, so no request role may read it (docs/wire-contract.md, "Changes").
 */
export const changeLogMigration: Migration = {
  version: 202,
  name: 'realtime change feed: a change log filled by triggers, realtime_watch(table) to attach them',
  sql: `
    create table realtime_changes (
      id bigint generated always as identity primary key,
      at timestamptz not null default clock_timestamp(),
      table_name text not null,
      op text not null check (op in ('INSERT', 'UPDATE', 'DELETE')),
      old_row jsonb,
      new_row jsonb
    );
    create index realtime_changes_table on realtime_changes (table_name, id);
    create index realtime_changes_at on realtime_changes (at);
    alter table realtime_changes enable row level security;
    grant select on realtime_changes to platform_authenticator;
    create policy realtime_changes_platform_read on realtime_changes for select
      to platform_authenticator using (true);

    -- The highest id pruned so far: a client asking from before it must reload.
    create table realtime_changes_pruned (
      one boolean primary key default true check (one),
      through bigint not null
    );
    insert into realtime_changes_pruned (through) values (0);
    alter table realtime_changes_pruned enable row level security;
    grant select on realtime_changes_pruned to platform_authenticator;
    create policy realtime_changes_pruned_platform_read on realtime_changes_pruned for select
      to platform_authenticator using (true);

    create function realtime_prune_changes(keep bigint, max_age interval) returns void
      language plpgsql security definer set search_path = pg_catalog
    as $fn$
    declare
      newest bigint;
      gone bigint;
    begin
      select max(id) into newest from realtime_changes;
      select max(id) into gone from realtime_changes
        where id <= newest - keep or at < clock_timestamp() - max_age;
      if gone is null then
        return;
      end if;
      delete from realtime_changes where id <= gone;
      update realtime_changes_pruned set through = greatest(through, gone);
    end
    $fn$;

    create function realtime_capture() returns trigger
      language plpgsql security definer set search_path = pg_catalog
    as $fn$
    declare
      change_id bigint;
    begin
      insert into realtime_changes (table_name, op, old_row, new_row)
        values (tg_table_name, tg_op,
          case when tg_op <> 'INSERT' then to_jsonb(old) end,
          case when tg_op <> 'DELETE' then to_jsonb(new) end)
        returning id into change_id;
      if change_id % 1000 = 0 then
        perform realtime_prune_changes(${CHANGE_LOG_KEEP}, interval '${CHANGE_LOG_MAX_AGE}');
      end if;
      -- One channel per schema (tests isolate by schema); the platform computes the same name.
      perform pg_notify('platform_changes_' || left(md5(tg_table_schema), 24), change_id::text);
      return null;
    end
    $fn$;

    -- Pinned to pg_catalog first, then the schema the platform lives in (known only now).
    do $$ begin
      execute format('alter function realtime_capture() set search_path = pg_catalog, %I',
        current_schema());
      execute format(
        'alter function realtime_prune_changes(bigint, interval) set search_path = pg_catalog, %I',
        current_schema());
    end $$;
    revoke execute on function realtime_capture() from public;
    revoke execute on function realtime_prune_changes(bigint, interval) from public;

    -- For the app's migrations: "select realtime_watch('prompts')".
    create function realtime_watch(target regclass) returns void
      language plpgsql
    as $fn$
    begin
      execute format('drop trigger if exists realtime_capture on %s', target);
      execute format('create trigger realtime_capture after insert or update or delete on %s '
        || 'for each row execute function realtime_capture()', target);
    end
    $fn$;
    revoke execute on function realtime_watch(regclass) from public;
  `,
}
