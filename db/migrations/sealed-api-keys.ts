import type { AppMigration } from '../../mocks/platform/index'

/**
 * API keys are sealed by the database, whatever path writes them: the platform's
 * `platform_seal` trigger function, attached to the column (docs/security.md).
 */
export const sealedApiKeys: AppMigration = {
  version: 2,
  legacyVersion: 4,
  name: 'API keys are sealed by the database, whatever path writes them',
  sql: `
    create trigger user_api_keys_seal before insert or update of api_key_encrypted
      on user_api_keys for each row execute function platform_seal('api_key_encrypted');
  `,
}
