import type { SqlStore } from '../store/sql-store'
import { RestError } from './rest-error'

/** The tables the REST API exposes; the platform's own auth tables are not among them. */
export const EXPOSED_TABLES = [
  'ai_models',
  'user_api_keys',
  'chat_messages',
  'prompts',
  'prompt_ratings',
  'user_prompt_deletions',
  'quick_prompts',
] as const

/** Columns per exposed table, read once from the database itself (its schema cache). */
export function createTableCatalog(store: SqlStore) {
  let cache: Promise<Map<string, Set<string>>> | undefined
  const load = async () => {
    // pg_catalog, not information_schema: the latter hides columns the serving role has no
    // privilege on, and that role reaches the app's tables only as anon or authenticated.
    const { rows } = await store.query<{ table_name: string; column_name: string }>(
      `select c.relname as table_name, a.attname as column_name
       from pg_catalog.pg_attribute a
       join pg_catalog.pg_class c on c.oid = a.attrelid
       where c.relnamespace = current_schema()::regnamespace and c.relname = any($1::text[])
         and a.attnum > 0 and not a.attisdropped`,
      [[...EXPOSED_TABLES]],
    )
    const tables = new Map<string, Set<string>>()
    for (const row of rows) {
      if (!tables.has(row.table_name)) tables.set(row.table_name, new Set())
      tables.get(row.table_name)!.add(row.column_name)
    }
    return tables
  }
  return {
    async columns(table: string): Promise<Set<string>> {
      cache ??= load()
      const columns = (await cache).get(table)
      if (!columns) {
        throw new RestError(
          404,
          'PGRST205',
          `Could not find the table 'public.${table}' in the schema cache`,
          null,
          null,
        )
      }
      return columns
    },
  }
}

export type TableCatalog = ReturnType<typeof createTableCatalog>
