/** Every row is its owner's alone: read and written only by the user it names. */
export const ownRows = (table: string) => `
  alter table ${table} enable row level security;
  create policy ${table}_own on ${table} for all to authenticated
    using (user_id = auth_uid()) with check (user_id = auth_uid());
  grant select, insert, update, delete on ${table} to authenticated;`

/** Readable per the table's own read policy; written only by the row's owner. */
export const ownerWrites = (table: string) => `
  create policy ${table}_insert on ${table} for insert to authenticated
    with check (user_id = auth_uid());
  create policy ${table}_update on ${table} for update to authenticated
    using (user_id = auth_uid()) with check (user_id = auth_uid());
  create policy ${table}_delete on ${table} for delete to authenticated
    using (user_id = auth_uid());
  grant select, insert, update, delete on ${table} to authenticated;`
