export type { AppMigration, AppSchema, SqlExecutor } from '../../contract/app-schema'
export { createPlatform, type Platform, type PlatformOptions } from './create-platform'
export { openStore, type StoreOptions } from './store/open-store'
export type { SqlStore } from './store/sql-store'
