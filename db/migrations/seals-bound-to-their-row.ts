import type { AppMigration } from '../../contract/app-schema'

const SEALED_COLUMNS = [
  ['user_api_keys', 'api_key_encrypted'],
  ['model_servers', 'api_key_encrypted'],
] as const

/**
 * Seals are bound to their row (docs/security.md#seals-bound-to-their-row): the sealing
 * triggers now fire on every update, not only the column's, so a seal follows its row when
 * the row's owner or key changes. The platform reseals older, unbound values when it starts.
 */
export const sealsBoundToTheirRow: AppMigration = {
  version: 8,
  name: 'sealing triggers fire on every update, so a seal follows its row',
  sql: SEALED_COLUMNS.map(
    ([table, column]) => `
    drop trigger ${table}_seal on ${table};
    create trigger ${table}_seal before insert or update
      on ${table} for each row execute function platform_seal('${column}');`,
  ).join(''),
}
