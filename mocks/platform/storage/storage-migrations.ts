import type { Migration } from '../../../contract/app-schema'

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
  {
    version: 101,
    name: 'storage: free-form paths kept apart by owner; object bytes in the database',
    sql: `
      -- Any path may be written; what makes it yours is owning its row. Only the owner updates
      -- or deletes a row (the policies of version 100), the owner never changes, and a first
      -- segment shaped like a user id (the auth service's user_ and 32 hex digits) is that
      -- user's home folder, which nobody else may write in (storage-path.ts says the same).
      drop policy storage_objects_insert on storage_objects;
      drop policy storage_objects_update on storage_objects;
      create policy storage_objects_insert on storage_objects for insert to authenticated
        with check (owner_id = auth_uid() and (split_part(path, '/', 1) !~ '^user_[0-9a-f]{32}$'
          or split_part(path, '/', 1) = auth_uid()));
      create policy storage_objects_update on storage_objects for update to authenticated
        using (owner_id = auth_uid())
        with check (owner_id = auth_uid() and (split_part(path, '/', 1) !~ '^user_[0-9a-f]{32}$'
          or split_part(path, '/', 1) = auth_uid()));

      -- The bytes, where every server can read them (used on PostgreSQL; PGlite keeps them on
      -- disk). Written by the platform in the transaction that writes the object's row, and
      -- gone with it (the cascade runs as the table's owner). The request roles get nothing:
      -- files are read through their public URL, never through SQL.
      create table storage_blobs (
        path text primary key
          references storage_objects (path) on delete cascade on update cascade,
        bytes bytea not null
      );
      -- Uploads are mostly compressed already (images, audio, archives): store them as they are.
      alter table storage_blobs alter column bytes set storage external;
      alter table storage_blobs enable row level security;
      grant select, insert, update, delete on storage_blobs to platform_authenticator;
      create policy storage_blobs_platform on storage_blobs for all to platform_authenticator
        using (true) with check (true);
      -- The public URL is served by the platform's own role, object and bytes in one snapshot.
      grant select on storage_objects to platform_authenticator;
      create policy storage_objects_platform_read on storage_objects for select
        to platform_authenticator using (true);
    `,
  },
  {
    version: 102,
    name: 'storage: private objects, read only by their owner',
    sql: `
      -- docs/wire-contract.md, "Private objects". Their bytes are always in storage_blobs (on
      -- PGlite too), so deleting the row, even by a cascade inside the database, deletes them.
      alter table storage_objects add column is_private boolean not null default false;
      drop policy storage_objects_read on storage_objects;
      create policy storage_objects_read_public on storage_objects for select to anon
        using (not is_private);
      create policy storage_objects_read on storage_objects for select to authenticated
        using (not is_private or owner_id = auth_uid());
      -- A private object lies in its owner's home folder, where nobody else writes, so no
      -- other user's upload ever runs into it and learns that it exists.
      drop policy storage_objects_insert on storage_objects;
      drop policy storage_objects_update on storage_objects;
      create policy storage_objects_insert on storage_objects for insert to authenticated
        with check (owner_id = auth_uid() and (split_part(path, '/', 1) !~ '^user_[0-9a-f]{32}$'
          or split_part(path, '/', 1) = auth_uid())
          and (not is_private or split_part(path, '/', 1) = auth_uid()));
      create policy storage_objects_update on storage_objects for update to authenticated
        using (owner_id = auth_uid())
        with check (owner_id = auth_uid() and (split_part(path, '/', 1) !~ '^user_[0-9a-f]{32}$'
          or split_part(path, '/', 1) = auth_uid())
          and (not is_private or split_part(path, '/', 1) = auth_uid()));
      -- Neither privacy nor path changes after the upload: where the bytes live (disk or
      -- storage_blobs on PGlite) follows the privacy, and attachments name objects by path.
      revoke update on storage_objects from authenticated;
      grant update (owner_id, content_type, size, updated_at) on storage_objects
        to authenticated;
    `,
  },
]
