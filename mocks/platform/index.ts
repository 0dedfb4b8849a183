export { createPlatform, type Platform, type PlatformOptions } from './create-platform'
export type { AppMigration, AppSchema } from './store/app-schema'
export { openStore, type StoreOptions } from './store/open-store'
export type { SqlExecutor, SqlStore } from './store/sql-store'
