import type { AppMigration } from '../../contract/app-schema'
import { ownRows } from './row-policies'
import { sealColumn } from './sealed-api-keys'

/**
 * The user's own OpenAI-compatible servers (docs/product/servers.md): a name unique per user,
 * a base URL, and an optional key, sealed at rest by the platform's `platform_seal` trigger
 * exactly like `user_api_keys` keys (docs/security.md#api-keys-at-rest). Own rows only.
 */
export const modelServers: AppMigration = {
  version: 6,
  name: "the user's OpenAI-compatible servers, with their keys sealed",
  sql: `
    create table model_servers (
      id text primary key default md5(random()::text || clock_timestamp()::text),
      user_id text not null,
      name text not null check (char_length(name) between 1 and 50),
      base_url text not null check (base_url ~ '^https?://'),
      api_key_encrypted text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (user_id, name)
    );
    ${ownRows('model_servers')}
    ${sealColumn('model_servers', 'api_key_encrypted')}
  `,
}
