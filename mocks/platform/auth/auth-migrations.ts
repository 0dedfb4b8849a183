import type { Migration } from '../../../contract/app-schema'

/** Changes to the platform's own auth tables (versions 600–699). */
export const authMigrations: Migration[] = [
  {
    version: 600,
    name: 'refresh rotation remembers its successor, sealed, for the reuse grace period',
    sql: `
      -- The successor's hash, and the successor itself sealed under a key only the rotated
      -- token's holder can derive (auth/successor-seal.ts): a retry within the grace period
      -- gets the same successor, and no refresh token is ever stored in plain text.
      alter table auth_refresh_tokens add column successor_hash text;
      alter table auth_refresh_tokens add column successor_sealed text;
      alter table auth_refresh_tokens add constraint auth_refresh_tokens_successor_sealed
        check (successor_sealed is null or successor_sealed like 'sealed:v1:%');
    `,
  },
]
