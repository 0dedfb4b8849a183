import type { Migration } from '../store/migration'

/** Tables of the storage area (versions 100–199), with row-level security. */
export const storageMigrations: Migration[] = [
  {
    version: 100,
    name: 'storage objects: public to read, written only under the owner’s own folder',
    sql: `
      create table storage_objects (
        path text primary key,
        owner_id text not null,
        content_type text not null,
        size integer not null check (size >= 0),
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index storage_objects_owner on storage_objects (owner_id);
      alter table storage_objects enable row level security;
      -- Files are served at public URLs, so their metadata is no secret either.
      create policy storage_objects_read on storage_objects for select to anon, authenticated
        using (true);
      -- starts_with, not LIKE: user ids hold '_', a LIKE wildcard.
      create policy storage_objects_insert on storage_objects for insert to authenticated
        with check (owner_id = auth_uid() and starts_with(path, auth_uid() || '/'));
      create policy storage_objects_update on storage_objects for update to authenticated
        using (owner_id = auth_uid())
        with check (owner_id = auth_uid() and starts_with(path, auth_uid() || '/'));
      create policy storage_objects_delete on storage_objects for delete to authenticated
        using (owner_id = auth_uid());
      grant select on storage_objects to anon;
      grant select, insert, update, delete on storage_objects to authenticated;
    `,
  },
]
