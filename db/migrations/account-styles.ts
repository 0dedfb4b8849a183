import type { AppMigration } from '../../contract/app-schema'
import { ownRows } from './row-policies'

/**
 * The style configuration kept with the account as well as in the browser
 * (docs/product/live-sync.md#the-style): a new device gets it at sign-in, and a change saved on
 * one device reaches the others through the change feed. One row per user, theirs alone.
 */
export const accountStyles: AppMigration = {
  version: 25,
  name: 'user_styles: the style configuration kept with the account, followed across devices',
  sql: `
    create table user_styles (
      id text primary key default md5(random()::text || clock_timestamp()::text),
      user_id text not null unique,
      config jsonb not null
        check (jsonb_typeof(config) = 'object' and octet_length(config::text) <= 4096),
      updated_at timestamptz not null default now()
    );
    ${ownRows('user_styles')}
    select realtime_watch('user_styles');
  `,
}
