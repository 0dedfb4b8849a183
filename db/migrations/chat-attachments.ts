import type { AppMigration } from '../../contract/app-schema'

/** The most files one message carries (docs/product/data.md#attachments). */
export const ATTACHMENTS_MAX = 10

/**
 * Files sent with a message (docs/product/data.md#attachments): one row per file, its bytes a
 * private storage object in its owner's folder (docs/wire-contract.md, "Private objects").
 *
 * - Owner-only under row-level security: read, add, delete; never edited. A row names one of
 *   the writer's own messages (the composite key, with `user_id` pinned to the writer) and one
 *   of the writer's own private objects (the insert policy), so nobody attaches another user's
 *   file or attaches to another user's message.
 * - A deleted row deletes its storage object, and so its bytes, unless another row still names
 *   it: directly, or by the cascade when its message or conversation goes. The trigger runs as
 *   the owner (security definer): the row it was given decides, not the caller.
 */
export const chatAttachments: AppMigration = {
  version: 21,
  name: 'chat attachments: files of a message, stored privately',
  sql: `
    create table chat_attachments (
      user_id text not null default auth_uid(),
      id text not null check (id ~ '^att_[0-9a-f]{32}$'),
      message_id text not null,
      position smallint not null check (position between 0 and ${ATTACHMENTS_MAX - 1}),
      kind text not null check (kind in ('image', 'text')),
      name text not null check (char_length(name) between 1 and 255),
      media_type text not null check (media_type in (
        'image/png', 'image/jpeg', 'image/webp', 'image/gif', 'text/plain')),
      size integer not null check (size >= 0),
      width integer,
      height integer,
      path text not null,
      created_at timestamptz not null default now(),
      primary key (user_id, id),
      unique (user_id, message_id, position),
      foreign key (user_id, message_id) references chat_messages (user_id, id) on delete cascade,
      check ((kind = 'text') = (media_type = 'text/plain')),
      -- A null comparison would pass a check: both sizes must be there, and positive.
      check (case kind when 'image' then coalesce(width > 0 and height > 0, false)
        else width is null and height is null end)
    );
    -- For the trigger below: does another row still name this object?
    create index chat_attachments_path on chat_attachments (user_id, path);
    alter table chat_attachments enable row level security;
    create policy chat_attachments_read on chat_attachments for select to authenticated
      using (user_id = auth_uid());
    create policy chat_attachments_insert on chat_attachments for insert to authenticated
      with check (user_id = auth_uid() and exists (
        select 1 from storage_objects o
          where o.path = chat_attachments.path and o.owner_id = auth_uid() and o.is_private));
    create policy chat_attachments_delete on chat_attachments for delete to authenticated
      using (user_id = auth_uid());
    grant select, insert, delete on chat_attachments to authenticated;

    -- As the owner, whose search_path is pinned: deletes only the private object of the row's
    -- own user at the row's path. Its bytes go with it (storage_blobs cascades).
    create function chat_attachments_delete_object() returns trigger
      language plpgsql security definer set search_path from current
    as $fn$
    begin
      if not exists (select 1 from chat_attachments a
          where a.user_id = old.user_id and a.path = old.path) then
        delete from storage_objects o
          where o.path = old.path and o.owner_id = old.user_id and o.is_private;
      end if;
      return null;
    end
    $fn$;
    revoke execute on function chat_attachments_delete_object() from public;
    create trigger chat_attachments_delete_object after delete on chat_attachments
      for each row execute function chat_attachments_delete_object();
  `,
}
