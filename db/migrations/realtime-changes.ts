import type { AppMigration } from '../../contract/app-schema'

/**
 * The tables whose changes the app follows on every device (issue 30): the platform's change
 * feed captures their inserts, updates and deletes, and delivers each only to subscribers who
 * may read the row (docs/wire-contract.md, "Changes"). Platform migrations run first, so
 * realtime_watch exists here.
 */
export const WATCHED_TABLES = [
  'prompts',
  'quick_prompts',
  'conversations',
  'chat_messages',
  'user_api_keys',
  'model_servers',
] as const

export const realtimeChanges: AppMigration = {
  version: 24,
  name: 'the change feed watches the tables the app keeps in step across devices',
  sql: WATCHED_TABLES.map((table) => `select realtime_watch('${table}');`).join('\n'),
}
