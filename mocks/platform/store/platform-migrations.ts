import type { Migration } from '../../../contract/app-schema'
import { aiMigrations } from '../ai/ai-migrations'
import { analyticsMigrations } from '../analytics/analytics-migrations'
import { authMigrations } from '../auth/auth-migrations'
import { dataMigrations } from '../data/data-migrations'
import { notificationsMigrations } from '../notifications/notifications-migrations'
import { realtimeMigrations } from '../realtime/realtime-migrations'
import { storageMigrations } from '../storage/storage-migrations'
import { coreMigrations } from './core-migrations'

/**
 * The platform's own schema. Every area owns its tables; versions are allotted per area (core
 * 1–99, storage 100s, realtime 200s, notifications 300s, analytics 400s, ai 500s, auth 600s, data 700s)
 * so they never collide. The app's tables are not here: they come with the app (db/).
 */
export const platformMigrations: Migration[] = [
  ...coreMigrations,
  ...storageMigrations,
  ...realtimeMigrations,
  ...notificationsMigrations,
  ...analyticsMigrations,
  ...aiMigrations,
  ...authMigrations,
  ...dataMigrations,
].sort((a, b) => a.version - b.version)
