import type { AppMigration } from '../../contract/app-schema'

/**
 * Seals a secret text column whatever path writes it: the platform's `platform_seal` trigger
 * function, attached to the column; the table API opens it again for its reader
 * (docs/security.md#api-keys-at-rest). A null stays null.
 */
export const sealColumn = (table: string, column: string) => `
    create trigger ${table}_seal before insert or update of ${column}
      on ${table} for each row execute function platform_seal('${column}');`

/** API keys are sealed by the database, whatever path writes them (docs/security.md). */
export const sealedApiKeys: AppMigration = {
  version: 2,
  legacyVersion: 4,
  name: 'API keys are sealed by the database, whatever path writes them',
  sql: sealColumn('user_api_keys', 'api_key_encrypted'),
}
