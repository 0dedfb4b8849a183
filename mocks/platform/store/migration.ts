/** One schema change, applied once and recorded in schema_migrations. */
export interface Migration {
  version: number
  name: string
  sql: string
}
