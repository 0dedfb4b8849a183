import type { AppSchema } from '../contract/app-schema'
import { appMigrations } from './migrations/index'
import { seedApp } from './seed'

/**
 * Prompt Chat's schema, owned by the app: its tables, policies, grants, index and sealing
 * trigger, and the seed. The platform takes it as input (docs/architecture.md).
 */
export const appSchema: AppSchema = { migrations: appMigrations, seed: seedApp }
