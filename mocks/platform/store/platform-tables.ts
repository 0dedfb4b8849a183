/**
 * The platform's own tables, which its table API never exposes: whatever else the schema
 * holds came with the app's migrations (docs/architecture.md, "The app's schema"). A test
 * checks this list against what the platform's migrations create.
 */
export const PLATFORM_TABLES: readonly string[] = [
  'schema_migrations',
  'auth_users',
  'auth_codes',
  'auth_refresh_tokens',
  'storage_objects',
  'storage_blobs',
  'realtime_messages',
  'realtime_presence',
  'realtime_changes',
  'realtime_changes_pruned',
  'email_outbox',
  'analytics_events',
  'ai_generated_speech',
  'ai_generated_files',
  'data_fetch_jobs',
  'data_screenshots',
]
